import type { Class } from "@server/shared/types.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "../api.ts";

const getClasses = () => getJson<Class[]>("/api/classes");

export const classesQueryOptions = () => queryOptions({ queryKey: ["/api/classes"], queryFn: getClasses });

export const useClasses = () => useQuery(classesQueryOptions());
