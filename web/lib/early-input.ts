// What a visitor does on the server-rendered page before the app has started (web/boot.ts): each click is held, then
// done again in order once the app has hydrated, so a button pressed early still opens its dialog, and a submit made
// by pressing Enter is made again; text typed into a field is kept and handed to the app, whose forms set their
// fields to their defaults when they hydrate.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export type HeldInput = {
  /** Stops holding, gives the fields their typed text again (as typing would) and repeats the clicks and submits. */
  replay(): void;
};

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/** Sets a field's value as the browser does when it is typed into: React's own value tracking then sees a change. */
function typeInto(field: Field, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

export function holdEarlyInput(page: Document): HeldInput {
  const actions: (() => void)[] = [];
  const typed = new Map<Field, string>();

  const onClick = (event: MouseEvent) => {
    // A click meant for a new tab or window (a modifier, another button) is the browser's, not the app's.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // Done again on the element clicked (or, for an icon, the button or link around it), as a click there does: a
    // button's submit and a link's navigation included.
    let node = event.target instanceof Node ? event.target : null;
    while (node && !(node instanceof HTMLElement)) node = node.parentNode;
    const element = node;
    if (element instanceof HTMLElement) actions.push(() => element.click());
  };
  // A click on a submit button is held above (its submit never happens); this is Enter in a form without one.
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    actions.push(() => form.requestSubmit());
  };
  const onInput = (event: Event) => {
    if (isField(event.target)) typed.set(event.target, event.target.value);
  };

  page.addEventListener("click", onClick, true);
  page.addEventListener("submit", onSubmit, true);
  page.addEventListener("input", onInput, true);
  return {
    replay() {
      page.removeEventListener("click", onClick, true);
      page.removeEventListener("submit", onSubmit, true);
      page.removeEventListener("input", onInput, true);
      for (const [field, value] of typed) if (field.isConnected && field.value !== value) typeInto(field, value);
      typed.clear();
      for (const action of actions.splice(0)) action();
    },
  };
}
