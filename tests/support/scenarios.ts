// Route tests as scenario tables (after PocketBase's apis/*_test.go): each case is a request and what must and
// must not be in the answer.
import { expect, test } from "bun:test";
import type { TestApp } from "./app.ts";

export type Scenario = {
  name: string;
  method: string;
  url: string;
  /** true: a fresh admin token; a string: that Authorization token; absent: none. */
  auth?: boolean | string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Runs before the request (seed rows, move the clock). */
  before?: (app: TestApp) => unknown | Promise<unknown>;
  status: number;
  contains?: string[];
  notContains?: string[];
  /** Extra checks on the parsed JSON answer and the app after the request. */
  // biome-ignore lint/suspicious/noExplicitAny: each case reads the answer it expects; its route decides the shape
  expect?: (json: any, app: TestApp, response: Response) => unknown | Promise<unknown>;
};

/** Registers one `test` per scenario; `app()` gives the test app of the enclosing suite. */
export function scenarios(app: () => TestApp, cases: Scenario[]) {
  for (const scenario of cases) {
    test(scenario.name, async () => {
      const t = app();
      await scenario.before?.(t);
      const token = scenario.auth === true ? await t.login() : typeof scenario.auth === "string" ? scenario.auth : undefined;
      const response = await t.request(scenario.method, scenario.url, { body: scenario.body, token, headers: scenario.headers });
      const text = await response.text();
      if (response.status !== scenario.status) throw new Error(`expected ${scenario.status}, got ${response.status}: ${text}`);
      for (const part of scenario.contains ?? []) expect(text).toContain(part);
      for (const part of scenario.notContains ?? []) expect(text).not.toContain(part);
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {}
      await scenario.expect?.(json, t, response);
    });
  }
}
