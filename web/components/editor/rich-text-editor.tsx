// The rich-text editor for descriptions, the biography and notification messages (spec §2.2): ProseMirror over
// the shared allowlist, with prosemirror-example-setup's keymaps, input rules and history under the spec's own toolbar,
// and a link input that accepts only the spec §5 schemes.

import { isAllowedHref, LINK_SCHEMES } from "@server/shared/rich-text.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { Bold, Heading1, Heading2, Italic, Link2, List, ListOrdered, Pilcrow, Redo2, Undo2 } from "lucide-react";
import { setBlockType, toggleMark } from "prosemirror-commands";
import { exampleSetup } from "prosemirror-example-setup";
import { redo, undo } from "prosemirror-history";
import type { MarkType, NodeType } from "prosemirror-model";
import { liftListItem, wrapInList } from "prosemirror-schema-list";
import { type Command, EditorState, Plugin, type Transaction } from "prosemirror-state";
import { EditorView } from "prosemirror-view";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "../ui/button.tsx";
import { controlStyle } from "../ui/field.tsx";
import { docToHtml, htmlToDoc, richTextSchema as schema } from "./schema.ts";

const LINK_SCHEME_MESSAGE = `Only ${LINK_SCHEMES.join(", ")} links are allowed`;

type RichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** id of the visible label. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  id?: string;
};

const markActive = (state: EditorState, type: MarkType) => {
  const { from, $from, to, empty } = state.selection;
  return empty ? !!type.isInSet(state.storedMarks || $from.marks()) : state.doc.rangeHasMark(from, to, type);
};

const blockActive = (state: EditorState, type: NodeType, attrs?: Record<string, unknown>) => {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type === type && (!attrs || Object.entries(attrs).every(([key, value]) => node.attrs[key] === value))) return true;
  }
  return false;
};

const listCommand =
  (type: NodeType): Command =>
  (state, dispatch, view) => {
    // Toggling the list the cursor is already in lifts it back to paragraphs.
    if (blockActive(state, type)) return liftListItem(schema.nodes.list_item)(state, dispatch, view);
    return wrapInList(type)(state, dispatch, view);
  };

/** The allowlist has h1 and h2 only: a deeper heading (example-setup's `### ` rule, Shift-Ctrl-3 to 6) becomes an h2. */
const headingsUpToH2 = new Plugin({
  appendTransaction(transactions, _previous, state) {
    if (!transactions.some((transaction) => transaction.docChanged)) return null;
    let fix: Transaction | null = null;
    state.doc.descendants((node, position) => {
      if (node.type === schema.nodes.heading && node.attrs.level > 2) fix = (fix ?? state.tr).setNodeMarkup(position, undefined, { level: 2 });
    });
    return fix;
  },
});

const createState = (html: string) =>
  EditorState.create({ doc: htmlToDoc(html), plugins: [...exampleSetup({ schema, menuBar: false }), headingsUpToH2] });

export function RichTextEditor({ value, onChange, onBlur, labelledBy, describedBy, invalid, id }: RichTextEditorProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const lastEmitted = useRef(value);
  const callbacks = useRef({ onChange, onBlur });
  callbacks.current = { onChange, onBlur };
  const [, setRevision] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState("");
  const [linkError, setLinkError] = useState("");

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once; later changes reach it through refs
  useEffect(() => {
    // biome-ignore lint/style/noNonNullAssertion: effects run after the mount, when the ref is set
    const view = new EditorView(mountRef.current!, {
      state: createState(value),
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        ...(id ? { id } : {}),
        class: editorContentStyle,
      },
      dispatchTransaction(transaction) {
        const next = view.state.apply(transaction);
        view.updateState(next);
        setRevision((revision) => revision + 1);
        if (transaction.docChanged) {
          const html = docToHtml(next.doc);
          lastEmitted.current = html;
          callbacks.current.onChange(html);
        }
      },
      handleDOMEvents: {
        blur: () => {
          callbacks.current.onBlur?.();
          return false;
        },
      },
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The view is created once; later value changes are applied below.
  }, []);

  // A value set from outside (a form reset) replaces the document.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || value === lastEmitted.current) return;
    lastEmitted.current = value;
    view.updateState(createState(value));
    setRevision((revision) => revision + 1);
  }, [value]);

  useEffect(() => {
    viewRef.current?.setProps({
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        ...(id ? { id } : {}),
        class: editorContentStyle,
      },
    });
  }, [labelledBy, describedBy, invalid, id]);

  const run = (command: Command) => {
    const view = viewRef.current;
    if (!view) return;
    command(view.state, view.dispatch, view);
    view.focus();
  };

  const state = viewRef.current?.state;
  const openLink = () => {
    const current = state && markActive(state, schema.marks.link);
    let href = "";
    if (state && current) {
      const { from, to } = state.selection;
      state.doc.nodesBetween(from, Math.max(to, from + 1), (node) => {
        const mark = schema.marks.link.isInSet(node.marks);
        if (mark) href = mark.attrs.href as string;
      });
    }
    setLinkUrl(href);
    setLinkError("");
    setLinkOpen(true);
  };

  const applyLink = () => {
    const view = viewRef.current;
    if (!view) return;
    const href = linkUrl.trim();
    const { from, to, empty } = view.state.selection;
    if (!href) {
      // An empty address removes the link from the selection.
      view.dispatch(view.state.tr.removeMark(from, to, schema.marks.link));
    } else if (!isAllowedHref(href)) {
      setLinkError(LINK_SCHEME_MESSAGE);
      return;
    } else if (empty) {
      const mark = schema.marks.link.create({ href });
      view.dispatch(view.state.tr.insert(from, schema.text(href, [mark])));
    } else {
      view.dispatch(view.state.tr.removeMark(from, to, schema.marks.link).addMark(from, to, schema.marks.link.create({ href })));
    }
    setLinkOpen(false);
    setLinkUrl("");
    view.focus();
  };

  const cancelLink = () => {
    setLinkOpen(false);
    setLinkUrl("");
    setLinkError("");
    viewRef.current?.focus();
  };

  const tools: { label: string; icon: ReactNode; command: Command; active?: boolean }[] = [
    { label: "Bold", icon: <Bold size={16} />, command: toggleMark(schema.marks.strong), active: state && markActive(state, schema.marks.strong) },
    { label: "Italic", icon: <Italic size={16} />, command: toggleMark(schema.marks.em), active: state && markActive(state, schema.marks.em) },
    {
      label: "Heading 1",
      icon: <Heading1 size={16} />,
      command: setBlockType(schema.nodes.heading, { level: 1 }),
      active: state && blockActive(state, schema.nodes.heading, { level: 1 }),
    },
    {
      label: "Heading 2",
      icon: <Heading2 size={16} />,
      command: setBlockType(schema.nodes.heading, { level: 2 }),
      active: state && blockActive(state, schema.nodes.heading, { level: 2 }),
    },
    {
      label: "Bullet list",
      icon: <List size={16} />,
      command: listCommand(schema.nodes.bullet_list),
      active: state && blockActive(state, schema.nodes.bullet_list),
    },
    {
      label: "Ordered list",
      icon: <ListOrdered size={16} />,
      command: listCommand(schema.nodes.ordered_list),
      active: state && blockActive(state, schema.nodes.ordered_list),
    },
    { label: "Paragraph", icon: <Pilcrow size={16} />, command: setBlockType(schema.nodes.paragraph) },
  ];

  return (
    <div
      className={cx(
        controlStyle,
        css({ p: "0!", overflow: "hidden", _focusWithin: { borderColor: "accent", boxShadow: "0 0 0 1px token(colors.accent)" } }),
      )}
      data-invalid={invalid ? "" : undefined}
    >
      <div role="toolbar" aria-label="Formatting" className={toolbarStyle}>
        {tools.map((tool) => (
          <ToolButton key={tool.label} label={tool.label} active={tool.active} onClick={() => run(tool.command)}>
            {tool.icon}
          </ToolButton>
        ))}
        <ToolButton label="Link" active={(state && markActive(state, schema.marks.link)) || linkOpen} onClick={openLink}>
          <Link2 size={16} />
        </ToolButton>
        <span className={css({ w: "1px", alignSelf: "stretch", bg: "border", mx: "1" })} aria-hidden />
        <ToolButton label="Undo" onClick={() => run(undo)}>
          <Undo2 size={16} />
        </ToolButton>
        <ToolButton label="Redo" onClick={() => run(redo)}>
          <Redo2 size={16} />
        </ToolButton>
      </div>
      {linkOpen && (
        <div
          className={css({ display: "flex", flexWrap: "wrap", gap: "2", p: "2", borderBottomWidth: "1px", borderColor: "border", bg: "bg.muted" })}
        >
          <input
            type="text"
            aria-label="Link URL"
            placeholder="https://"
            value={linkUrl}
            // biome-ignore lint/a11y/noAutofocus: the field appears on the user's own click of Link, so focus follows their action
            autoFocus
            onChange={(event) => {
              setLinkUrl(event.target.value);
              setLinkError("");
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                applyLink();
              } else if (event.key === "Escape") {
                event.preventDefault();
                event.stopPropagation();
                cancelLink();
              }
            }}
            className={cx(controlStyle, css({ flex: "1", minW: "48", h: "8", py: "1" }))}
          />
          <Button size="sm" onClick={applyLink}>
            Add
          </Button>
          <Button size="sm" variant="outline" onClick={cancelLink}>
            Cancel
          </Button>
          {linkError && (
            <p role="alert" className={css({ w: "full", fontSize: "sm", color: "danger" })}>
              {linkError}
            </p>
          )}
        </div>
      )}
      <div ref={mountRef} />
    </div>
  );
}

function ToolButton({ label, active, onClick, children }: { label: string; active?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active ?? undefined}
      // Keep the editor's selection while clicking the toolbar.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={toolButtonStyle}
    >
      {children}
    </button>
  );
}

const toolbarStyle = css({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "0.5",
  p: "1.5",
  borderBottomWidth: "1px",
  borderColor: "border",
  bg: "bg.muted",
});

const toolButtonStyle = css({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  w: "8",
  h: "8",
  borderRadius: "md",
  color: "fg",
  cursor: "pointer",
  _hover: { bg: "cream.200" },
  "&[aria-pressed=true]": { bg: "accent.soft", color: "accent.strong" },
  _focusVisible: { outline: "3px solid", outlineColor: "saffron.300" },
});

const editorContentStyle = css({
  minH: "200px",
  px: "3",
  py: "2",
  outline: "none",
  whiteSpace: "pre-wrap",
  wordBreak: "break-word",
  "& p": { my: "1.5" },
  "& h1": { fontSize: "2xl", fontWeight: "700", my: "2" },
  "& h2": { fontSize: "xl", fontWeight: "700", my: "2" },
  "& ul": { listStyle: "disc", pl: "6", my: "1.5" },
  "& ol": { listStyle: "decimal", pl: "6", my: "1.5" },
  "& a": { color: "accent.strong", textDecoration: "underline" },
  "& strong": { fontWeight: "700" },
  "& em": { fontStyle: "italic" },
});
