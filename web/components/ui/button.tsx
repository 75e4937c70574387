import { cx } from "@styled-system/css";
import { type ButtonVariantProps, button } from "@styled-system/recipes/button";
import { type ButtonHTMLAttributes, forwardRef } from "react";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariantProps;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, className, type = "button", ...props }, ref) {
  return <button ref={ref} type={type} className={cx(button({ variant, size }), className)} {...props} />;
});
