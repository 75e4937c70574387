export function HomePage() {
  return <main id="home" />;
}
