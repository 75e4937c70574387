// Classes tab (spec §2.2): cards with level badge (hidden for None), days, time, location; create, edit, delete.

import type { ClassInput } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { badge } from "@styled-system/recipes";
import { useQuery } from "@tanstack/react-query";
import { ClassIcon } from "@web/components/class-icon.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import type { Class } from "@web/lib/api-types.ts";
import { CalendarDays, Clock, MapPin } from "lucide-react";
import { useEffect } from "react";
import { EditDeleteButtons, ItemDialogs, useItemEditing } from "../shared/item-dialogs.tsx";
import { CardActions, CardGrid, ItemCard, Muted, Panel, StateText } from "../shared/layout.tsx";
import { notifyError } from "../shared/notify.ts";
import { adminClassesQueryOptions, useCreateClass, useDeleteClass, useUpdateClass } from "./api.ts";
import { AdminClassDates } from "./class-dates.tsx";
import { ClassForm, toClassPayload } from "./class-form.tsx";
import { PassesPanel } from "./passes-panel.tsx";

/** What failed, then the server's string error when it gave one, else the spec's fallback. */
function failedWithServerString(error: Error, failed: string) {
  const message = serverMessageOr(error, "");
  return message.trim() ? `${failed}: ${message}` : `${failed}. Please check the console for details.`;
}

const LEVEL_TONES = { Beginner: "beginner", Intermediate: "intermediate", Advanced: "advanced" } as const;

export function ClassesTab() {
  const query = useQuery(adminClassesQueryOptions());
  const items = useItemEditing<Class, ClassInput>(
    { create: useCreateClass(), update: useUpdateClass(), remove: useDeleteClass() },
    {
      created: "Class created successfully",
      updated: "Class updated successfully",
      deleted: "Class deleted successfully",
      failed: (error, call) => (call === "delete" ? "Failed to delete class" : failedWithServerString(error, `Failed to ${call} class`)),
    },
  );

  useEffect(() => {
    if (query.isError) notifyError(query.error, "Failed to fetch classes");
  }, [query.isError, query.error]);

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
      <Panel title="Classes" actions={<Button onClick={() => items.startCreate()}>+ Create Class</Button>}>
        {query.isPending ? (
          <StateText>Loading classes...</StateText>
        ) : !query.data?.length ? (
          <StateText>No classes found</StateText>
        ) : (
          <CardGrid label="Classes">
            {query.data.map((item) => (
              <ItemCard key={item.id} label={item.name}>
                <div className={css({ display: "flex", alignItems: "flex-start", gap: "3" })}>
                  <span className={css({ color: "accent", mt: "1" })}>
                    <ClassIcon name={item.icon} size={18} />
                  </span>
                  <div className={css({ flex: "1", minW: "0" })}>
                    <h3 className={css({ fontWeight: "700", fontSize: "lg", overflowWrap: "anywhere" })}>{item.name}</h3>
                    {item.level !== "None" && item.level in LEVEL_TONES && (
                      <span className={badge({ tone: LEVEL_TONES[item.level as keyof typeof LEVEL_TONES] })}>{item.level}</span>
                    )}
                  </div>
                </div>
                <Muted>
                  <CalendarDays size={14} aria-hidden className={css({ display: "inline", mr: "1" })} />
                  {item.days}
                </Muted>
                <Muted>
                  <Clock size={14} aria-hidden className={css({ display: "inline", mr: "1" })} />
                  {item.time}
                </Muted>
                <Muted>
                  <MapPin size={14} aria-hidden className={css({ display: "inline", mr: "1" })} />
                  {item.location}
                </Muted>
                <AdminClassDates item={item} />
                <CardActions>
                  <EditDeleteButtons name={item.name} onEdit={() => items.startEdit(item)} onDelete={() => items.startDelete(item)} />
                </CardActions>
              </ItemCard>
            ))}
          </CardGrid>
        )}

        <ItemDialogs
          items={items}
          titles={{ create: "Create Class", edit: "Edit Class", delete: "Delete Class" }}
          deleteDescription="Are you sure you want to delete this class? This action cannot be undone."
          form={(props) => <ClassForm {...props} onSubmit={(values) => props.onSubmit(toClassPayload(values))} />}
        />
      </Panel>
      <PassesPanel />
    </div>
  );
}
