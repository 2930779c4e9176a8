package dev.regrade.audit.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.api.JsonField;
import java.util.List;
import java.util.Locale;

/**
 * One prompt a run sent, in call order: an extraction's, or a check's (the first vote of its majority
 * vote; the other votes send the same text). Held beside the result document, never in it, so result
 * files stay byte-identical; the audit compares a script's prompts before and after.
 *
 * @param kind       an extraction or a judge check
 * @param subject    the extraction name, or the node id checked ({@code ""} for a standalone check)
 * @param occurrence 1-based: which prompt of this kind and subject within the run
 * @param url        the page extracted from or checked against, or null
 * @param claim      a check's claim, else null
 * @param text       the full prompt text
 */
public record SentPrompt(Kind kind, String subject, int occurrence, String url, String claim, String text) {
    /** What the prompt asked for. */
    public enum Kind {
        EXTRACTION, JUDGE;

        /** Lower-case name for reports and files. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The prompts as a sidecar file holds them (a shard's, beside the run's result document). */
    public static ArrayNode toJson(List<SentPrompt> prompts) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        for (SentPrompt p : prompts) {
            ObjectNode o = a.addObject().put("kind", p.kind().label()).put("subject", p.subject())
                    .put("occurrence", p.occurrence()).put("url", p.url());
            if (p.kind() == Kind.JUDGE) {
                o.put("claim", p.claim());
            }
            o.put("text", p.text());
        }
        return a;
    }

    /** Reads {@link #toJson}'s list; a bad field is a bad-input error naming the file and path. */
    public static List<SentPrompt> fromJson(JsonField list) {
        return list.list(p -> {
            Kind kind = p.get("kind").parsed(v -> switch (v) {
                case "extraction" -> Kind.EXTRACTION;
                case "judge" -> Kind.JUDGE;
                default -> throw new IllegalArgumentException("unknown prompt kind '" + v
                        + "' (expected extraction or judge)");
            });
            return new SentPrompt(kind, p.get("subject").text(), p.get("occurrence").integer(),
                    p.get("url").optionalOrNull(JsonField.Kind.TEXT),
                    kind == Kind.JUDGE ? p.get("claim").text() : null, p.get("text").text());
        });
    }
}
