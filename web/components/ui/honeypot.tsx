// A field people never see or fill: the server stores nothing from a submission whose honeypot is filled.

import { HONEYPOT_FIELD } from "@server/shared/constants.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { useRef } from "react";

const hidden = css({ position: "absolute", left: "-10000px", top: "auto", w: "1px", h: "1px", overflow: "hidden" });

/** The hidden field to render inside a form, and the value to send with its data. */
export function useHoneypot() {
  const ref = useRef<HTMLInputElement>(null);
  const field = (
    <div className={hidden} aria-hidden="true">
      <label>
        Leave this field empty
        <input ref={ref} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
  return { field, withTrap: <T extends object>(data: T) => ({ ...data, [HONEYPOT_FIELD]: ref.current?.value ?? "" }) };
}
