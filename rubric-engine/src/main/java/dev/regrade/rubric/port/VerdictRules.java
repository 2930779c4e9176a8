package dev.regrade.rubric.port;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How the offline judge rules on a claim. Shared by the in-process judge and the fake judge
 * server, so that both modes give the same verdicts. Immutable; each {@code withX} returns a copy.
 *
 * <p>Order of decision: a claim checked against a page that could not be loaded is not
 * supported (as a real judge is told by the prompt); then the per-claim table; then the
 * {@code reject} patterns (substring, or {@code /regex/}; the first match rejects); then the
 * base rule: {@code accept} (everything passes) or {@code hash} (the lowest bit of the SHA-256 of
 * the full prompt text, the digest read as a big-endian number, i.e. the last byte's low bit; so a
 * change of prompt text can flip a verdict).
 */
public final class VerdictRules {
    /** The base rule. */
    public enum Base { ACCEPT, HASH }

    /** The text the original's browser gives for a page that could not be loaded. */
    public static final String UNLOADABLE_PAGE_TEXT = "⚠️ This URL could not be loaded (navigation error).";

    private static final VerdictRules ACCEPT = new VerdictRules(Base.ACCEPT, List.of(), Map.of());

    private final Base base;
    private final List<String> reject;
    private final Map<String, Boolean> table;
    private final List<Pattern> compiled;

    private VerdictRules(Base base, List<String> reject, Map<String, Boolean> table) {
        this.base = Objects.requireNonNull(base);
        this.reject = List.copyOf(reject);
        this.table = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(table));
        this.compiled = this.reject.stream().map(VerdictRules::pattern).toList();
    }

    /** Everything passes. */
    public static VerdictRules accept() {
        return ACCEPT;
    }

    /** Verdict from the prompt text's SHA-256. */
    public static VerdictRules hash() {
        return new VerdictRules(Base.HASH, List.of(), Map.of());
    }

    /** These rules plus reject patterns: substrings, or {@code /regex/} (Java syntax, find anywhere). */
    public VerdictRules withReject(List<String> patterns) {
        return new VerdictRules(base, patterns, table);
    }

    /** These rules plus per-claim verdicts (exact claim text), which take precedence. */
    public VerdictRules withTable(Map<String, Boolean> verdicts) {
        return new VerdictRules(base, reject, verdicts);
    }

    public Base base() {
        return base;
    }

    public List<String> reject() {
        return reject;
    }

    public Map<String, Boolean> table() {
        return table;
    }

    /** The verdict for a claim and the full prompt text that carried it. */
    public boolean verdict(String claim, String prompt) {
        if (prompt.contains("```\n" + UNLOADABLE_PAGE_TEXT + "\n```")) {
            return false;
        }
        Boolean fixed = table.get(claim);
        if (fixed != null) {
            return fixed;
        }
        for (Pattern p : compiled) {
            if (p.matcher(claim).find()) {
                return false;
            }
        }
        return base == Base.ACCEPT || PromptDigest.lowBit(prompt);
    }

    /** The reasoning text that goes with a verdict. */
    public String reasoning(String claim, String prompt, boolean verdict) {
        return (verdict ? "Supported" : "Not supported") + " under the offline rule " + describe() + ".";
    }

    /** A short description, e.g. {@code accept, reject [2 patterns]}. */
    public String describe() {
        StringBuilder b = new StringBuilder(base.name().toLowerCase(java.util.Locale.ROOT));
        if (!reject.isEmpty()) {
            b.append(", reject ").append(reject);
        }
        if (!table.isEmpty()) {
            b.append(", table of ").append(table.size()).append(" claims");
        }
        return b.toString();
    }

    /**
     * The claim pattern syntax shared by reject rules and fault rules: {@code /regex/} (Java syntax,
     * found anywhere in the claim), otherwise a literal substring.
     */
    public static Pattern pattern(String p) {
        if (p.length() >= 2 && p.startsWith("/") && p.endsWith("/")) {
            return Pattern.compile(p.substring(1, p.length() - 1));
        }
        return Pattern.compile(Pattern.quote(p));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VerdictRules v && v.base == base && v.reject.equals(reject) && v.table.equals(table);
    }

    @Override
    public int hashCode() {
        return Objects.hash(base, reject, table);
    }

    @Override
    public String toString() {
        return "VerdictRules[" + describe() + "]";
    }
}
