// Route tests as scenario tables (after PocketBase's apis/*_test.go): each case is a request and what must and
// must not be in the answer, on a fresh app of its own (no case depends on another's writes).
import { expect, test } from "bun:test";
import type { Api, TestApp } from "./app.ts";

/** A request as written, with the scenario's token and headers. */
type Raw = (method: string, path: string, body?: unknown) => Promise<Response>;

export type Scenario = {
  name: string;
  /** true: a fresh admin token; a string: that Authorization token; absent: none. */
  auth?: boolean | string;
  headers?: Record<string, string>;
  /** Runs on the scenario's app before the request (seed rows, move the clock). */
  before?: (app: TestApp) => unknown | Promise<unknown>;
  /**
   * The request through the typed client, so the table checks the contract's types; `raw` only for what the contract
   * does not type (an ill-typed body sent to see its 400, a body that is not JSON).
   */
  send: (api: Api, raw: Raw) => Promise<unknown>;
  status: number;
  contains?: string[];
  notContains?: string[];
  /** Extra checks on the parsed JSON answer and the app after the request. */
  // biome-ignore lint/suspicious/noExplicitAny: each case reads the answer it expects; its route decides the shape
  expect?: (json: any, app: TestApp) => unknown | Promise<unknown>;
};

/** Registers one `test` per scenario, each on a new app from `freshApp` (removed after). */
export function scenarios(freshApp: () => Promise<TestApp>, cases: Scenario[]) {
  for (const scenario of cases) {
    test(scenario.name, async () => {
      const t = await freshApp();
      try {
        await scenario.before?.(t);
        const token = scenario.auth === true ? await t.login() : typeof scenario.auth === "string" ? scenario.auth : undefined;
        let answer: Response | undefined;
        const api = t.api({
          token,
          headers: scenario.headers,
          onResponse: async (response) => {
            answer = response;
          },
        });
        const sent = await scenario.send(api, (method, path, body) => t.request(method, path, { body, token, headers: scenario.headers }));
        const response = sent instanceof Response ? sent : answer;
        if (!response) throw new Error("the scenario sent no request");
        const text = await response.text();
        if (response.status !== scenario.status) throw new Error(`expected ${scenario.status}, got ${response.status}: ${text}`);
        for (const part of scenario.contains ?? []) expect(text).toContain(part);
        for (const part of scenario.notContains ?? []) expect(text).not.toContain(part);
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {}
        await scenario.expect?.(json, t);
      } finally {
        t.cleanup();
      }
    });
  }
}
