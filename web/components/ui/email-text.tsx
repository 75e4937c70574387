// An e-mail address as text: on a narrow screen it wraps after its `@`, never inside a name (issue 33).

/** The address with a line-break opportunity (`<wbr>`) after its `@`; the text stays the address. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@") + 1;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
