// Admin classes (spec §7): the list is the public GET /api/classes; writes refresh it.

import type { ClassInput } from "@server/shared/schemas.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { classesQueryOptions } from "@web/lib/queries/classes.ts";

export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClassInput) => call((api) => api.admin.classes.post(input)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: classesQueryOptions().queryKey });
    },
  });
}

export function useUpdateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Partial<ClassInput> }) => call((api) => api.admin.classes({ id }).patch(changes)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: classesQueryOptions().queryKey });
    },
  });
}

export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin.classes({ id }).delete()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: classesQueryOptions().queryKey });
    },
  });
}
