declare module "*.sql" {
  const text: string;
  export default text;
}
declare module "*.css";
declare module "*.png" {
  const path: string;
  export default path;
}
declare module "*.jpg" {
  const path: string;
  export default path;
}
declare module "*.svg" {
  const path: string;
  export default path;
}
