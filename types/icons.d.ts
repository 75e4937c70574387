// The icon files (src/plugins/site-files.ts imports the .ico as a file) and ico-endec, which ships no types: the
// part scripts/icons.ts uses.
declare module "*.ico" {
  const path: string;
  export default path;
}
declare module "ico-endec" {
  /** An .ico file holding the given PNG (or BMP) images. */
  export function encode(images: (Buffer | ArrayBuffer)[]): Buffer;
}
