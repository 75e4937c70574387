// Login (spec §7): the answer's token is checked by the login card.
import { useMutation } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

export const useLogin = () =>
  useMutation({
    mutationFn: (credentials: { username: string; password: string }) => call((api) => api.admin.login.post(credentials)),
  });
