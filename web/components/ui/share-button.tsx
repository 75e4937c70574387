// 'Share' in the event and archive dialogs (issue 16): the Web Share API where the browser has it, otherwise the link
// copied with a toast.
import { Share2 } from "lucide-react";
import { Button } from "./button.tsx";
import { toast } from "./toast.tsx";

/** `path`: the item's link on this site (src/shared/links.ts). */
export function ShareButton({ path, title }: { path: string; title: string }) {
  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet; any other refusal falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied" });
    } catch {
      toast({ title: "The link could not be copied", description: url, variant: "destructive" });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={share}>
      <Share2 size={16} aria-hidden />
      Share
    </Button>
  );
}
