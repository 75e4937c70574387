export default function AdminPage() {
  return <main />;
}
