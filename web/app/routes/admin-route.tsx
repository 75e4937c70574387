// The admin chunk's root: the admin area uses react-router (Link, useSearchParams for its tabs), so its router lives
// here, inside the lazy chunk, and the public page does not download it. A link out of /admin hands the path back
// to the app's own router.
import { useEffect } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import { notifyLocationChange } from "../../lib/router.ts";
import AdminPage from "./admin.tsx";

function LeaveAdmin() {
  const { pathname } = useLocation();
  useEffect(() => notifyLocationChange(), [pathname]);
  return null;
}

export default function AdminRoute() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin" element={<AdminPage />} />
        <Route path="*" element={<LeaveAdmin />} />
      </Routes>
    </BrowserRouter>
  );
}
