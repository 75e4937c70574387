import type { Class } from "../../../src/shared/types.ts";
import { getJson } from "../../lib/api.ts";
import { queryOptions, useQuery } from "../../lib/query.ts";

export const classesQueryOptions = () => queryOptions({ queryKey: ["/api/classes"], queryFn: () => getJson<Class[]>("/api/classes") });

export const useClasses = () => useQuery(classesQueryOptions());
