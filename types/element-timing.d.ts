// Element Timing's attribute, which React passes through but its types do not list: web/boot.ts waits for the paint
// of the image that carries it.
import "react";

declare module "react" {
  interface ImgHTMLAttributes<T> {
    elementtiming?: string;
  }
}
