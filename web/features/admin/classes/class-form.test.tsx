// The class form's §5 messages in happy-dom (spec §5), and the payload rule: an invalid level becomes None, empty
// fields are dropped.

import { afterEach, describe, expect, mock, test } from "bun:test";
import type { ClassInput } from "@server/shared/schemas.ts";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { renderWithData, withDom } from "@web/test-dom.tsx";
import { ClassForm, toClassPayload } from "./class-form.tsx";

withDom();

afterEach(cleanup);

describe("ClassForm", () => {
  test("an empty form shows the §5 messages", async () => {
    const onSubmit = mock();
    renderWithData(<ClassForm pending={false} onSubmit={onSubmit} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Create Class" }));
    for (const message of [
      "Name must be at least 3 characters",
      "Days must be at least 2 characters",
      "Time is required",
      "Location must be at least 2 characters",
      "Description must be at least 10 characters",
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.getAllByRole("alert")).toHaveLength(5);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("an invalid level is sent as None; empty fields are dropped", () => {
    const values = {
      name: "Hatha",
      level: "Expert",
      days: "Mon",
      time: "7 am",
      location: "Hall",
      description: "<p>Gentle postures</p>",
      icon: undefined,
    } as unknown as ClassInput;
    expect(toClassPayload(values)).toEqual({
      name: "Hatha",
      level: "None",
      days: "Mon",
      time: "7 am",
      location: "Hall",
      description: "<p>Gentle postures</p>",
    });
  });
});
