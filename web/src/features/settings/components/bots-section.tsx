import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Copy, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { errorText, serverErrorText } from "@/drive/errors/error-message";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { IconButton } from "@/ui/icon-button";
import { TextAreaField } from "@/ui/text-area-field";
import { useAddBots } from "../api/add-bots";
import { userConfigQueryOptions } from "../api/get-user-config";
import { useRemoveBots } from "../api/remove-bots";
import { INVALID_TOKEN_MESSAGE, isValidBotTokenText, parseBotTokens } from "../lib/bot-tokens";
import { SettingsSection } from "./settings-section";

const botsForm = z.object({ tokens: z.string().refine(isValidBotTokenText, INVALID_TOKEN_MESSAGE) });

/** The bots that upload for the user: count, copy, remove all, add. */
export function BotsSection() {
  const { data: config } = useQuery(userConfigQueryOptions());
  const bots = config?.bots ?? [];
  const addBots = useAddBots();
  const removeBots = useRemoveBots();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const form = useForm<z.infer<typeof botsForm>>({ resolver: zodResolver(botsForm), defaultValues: { tokens: "" } });

  const submit = form.handleSubmit(({ tokens }) =>
    addBots.mutate(parseBotTokens(tokens), {
      onSuccess: () => {
        form.reset({ tokens: "" });
        toast.success("bots added");
      },
      onError: (error) => {
        // Only the server's own words are worth showing here (spec section 8).
        const text = serverErrorText(error);
        if (text) toast.error(text);
      },
    }),
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(bots.join("\n"));
      toast.success("Tokens Copied");
    } catch {
      // A refused clipboard shows nothing (spec section 8).
    }
  };

  return (
    <SettingsSection
      title="Manage Bots"
      description={`Current Bots: ${bots.length}`}
      actions={
        <>
          <IconButton label="Copy tokens" onClick={() => void copy()} disabled={bots.length === 0}>
            <Copy aria-hidden className="size-5" />
          </IconButton>
          <IconButton label="Remove all bots" onClick={() => setConfirmRemove(true)} disabled={bots.length === 0}>
            <Trash2 aria-hidden className="size-5" />
          </IconButton>
        </>
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <TextAreaField
          label="Bot tokens"
          placeholder="One token per line"
          spellCheck={false}
          error={form.formState.errors.tokens?.message}
          {...form.register("tokens")}
        />
        <Button type="submit" className="self-end" disabled={addBots.isPending}>
          Add bots
        </Button>
      </form>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Remove all bots?"
        message="Every bot token is removed from your account."
        pending={removeBots.isPending}
        onConfirm={() =>
          removeBots.mutate(undefined, {
            onSuccess: () => setConfirmRemove(false),
            onError: (error) => toast.error(errorText(error)),
          })
        }
      />
    </SettingsSection>
  );
}
