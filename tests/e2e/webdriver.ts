// A W3C WebDriver client over fetch, for Debian's WebKitWebDriver: the few commands the smoke pass needs. (The npm
// clients bring browser and driver downloaders along.)

const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
/** WebDriver's code of the Escape key. */
export const ESCAPE = "\uE00C";

export type WebDriverSession = {
  navigate(url: string): Promise<void>;
  /** Runs a function body in the page with these arguments; a returned promise is awaited. */
  execute<T>(body: string, args?: unknown[]): Promise<T>;
  click(xpath: string): Promise<void>;
  sendKeys(xpath: string, text: string): Promise<void>;
  pressKey(key: string): Promise<void>;
  setWindowSize(width: number, height: number): Promise<void>;
  quit(): Promise<void>;
};

/** Opens a session on the driver at `base` (http://127.0.0.1:PORT) with these capabilities. */
export async function newSession(base: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const { value } = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value?.error} ${value?.message}`);
    return value;
  };
  const { sessionId } = await call<{ sessionId: string }>("POST", "/session", { capabilities: { alwaysMatch: capabilities } });
  const session = `/session/${sessionId}`;
  const element = async (xpath: string) =>
    (await call<Record<string, string>>("POST", `${session}/element`, { using: "xpath", value: xpath }))[ELEMENT];
  return {
    navigate: (url) => call("POST", `${session}/url`, { url }),
    execute: (body, args = []) => call("POST", `${session}/execute/sync`, { script: body, args }),
    click: async (xpath) => call("POST", `${session}/element/${await element(xpath)}/click`),
    sendKeys: async (xpath, text) => call("POST", `${session}/element/${await element(xpath)}/value`, { text }),
    pressKey: (key) =>
      call("POST", `${session}/actions`, {
        actions: [
          {
            type: "key",
            id: "keyboard",
            actions: [
              { type: "keyDown", value: key },
              { type: "keyUp", value: key },
            ],
          },
        ],
      }),
    setWindowSize: (width, height) => call("POST", `${session}/window/rect`, { width, height }),
    quit: () => call("DELETE", session),
  };
}
