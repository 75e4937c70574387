// subset-font ships no types; the part scripts/fonts.ts uses.
declare module "subset-font" {
  type AxisRange = { min: number; max: number; default?: number };
  type Options = {
    targetFormat?: "sfnt" | "truetype" | "woff" | "woff2";
    preserveNameIds?: number[];
    keepFeatures?: string[];
    variationAxes?: Record<string, number | AxisRange>;
    keepAllGlyphs?: boolean;
    noLayoutClosure?: boolean;
    glyphNames?: boolean;
    noHinting?: boolean;
    dropTables?: string[];
  };
  export default function subsetFont(font: Buffer, text: string | undefined, options?: Options): Promise<Buffer>;
}
