package dev.regrade.reports;

import dev.regrade.reports.model.AllowedChanges;
import dev.regrade.reports.model.AuditReport;
import dev.regrade.reports.model.Changelog;
import dev.regrade.reports.model.CheckedChange;
import dev.regrade.reports.model.ComparedRun;
import dev.regrade.reports.model.Comparison;
import dev.regrade.reports.model.NodeChange;
import dev.regrade.reports.model.PromptChange;
import dev.regrade.reports.model.ScriptInput;
import dev.regrade.reports.model.SeedRange;
import dev.regrade.reports.model.Totals;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The Markdown renderings of a report, sections in reading order: verdict, unexpected changes,
 * score impact, changed nodes, changed prompts (with their diffs), crashes, seed-dependent trees, prompt lint, then the changelog.
 * {@code report.md} ({@link #render}) is the summary a reviewer pastes into a pull request: only
 * the rows that changed or depend on the seed, changes shared by several inputs stated once, long
 * tables folded in {@code <details>}. {@code report-full.md} ({@link #renderFull}) lists every row,
 * every input's changes and the expectations.
 */
public final class Markdown {
    /** The full report's file name, beside {@code report.md}, which links to it. */
    public static final String FULL_FILE = "report-full.md";
    /**
     * Where report.md's reader finds the full report. Not a link: report.md is pasted into a pull-request
     * comment, where a relative link leads nowhere.
     */
    static final String WHERE_FULL = "`" + FULL_FILE + "`, beside this report in the audit's output directory (in the "
            + "pull-request workflow, the `regrade-audit` artifact of the run)";

    private enum Detail { SUMMARY, FULL }

    private Markdown() {
    }

    /** {@code report.md}: the summary for a pull request. */
    public static String render(AuditReport report) {
        return render(report, Detail.SUMMARY);
    }

    /** {@code report-full.md}: everything the report holds. */
    public static String renderFull(AuditReport report) {
        return render(report, Detail.FULL);
    }

    private static String render(AuditReport report, Detail detail) {
        StringBuilder b = new StringBuilder();
        verdict(b, report, detail);

        b.append("## Unexpected changes\n\n");
        table(b, detail, report.unexpected(),
                "None: every structural, content and verdict change is on a node the expectations allow.\n",
                "| Script | Input | Node | Class | Changes |\n|---|---|---|---|---|\n",
                u -> List.of(esc(u.input().script()), input(u.input()), code(u.node()), esc(u.classes()),
                        esc(u.text())));

        b.append("## Score impact\n\n");
        scoreImpact(b, report, detail);

        b.append("## Changed nodes\n\n");
        if (detail == Detail.FULL) {
            changesByInput(b, report);
        } else {
            changesByPattern(b, report);
        }

        b.append("## Changed prompts\n\n");
        prompts(b, report, detail);

        b.append("## Crashes\n\n");
        table(b, detail, report.crashes(), "None.\n",
                "| Script | Input | Variant | Python error | Other variant |\n|---|---|---|---|---|\n",
                c -> List.of(esc(c.input().script()), input(c.input()), esc(c.variant()),
                        error(c.errorType(), c.error()),
                        esc(c.otherVariant()) + ": " + (c.otherCrashed() ? "crashed too"
                                : "scored " + Cells.score(c.otherScore()))));

        b.append("## Seed-dependent trees\n\n");
        table(b, detail, report.determinism(), "None: every tree is the same under every hash seed.\n",
                "| Script | Variant | Input | Seed vs " + report.seeds().get(0)
                        + " | Differing nodes |\n|---|---|---|---|---|\n",
                d -> List.of(esc(d.input().script()), esc(d.variant()), input(d.input()), String.valueOf(d.seed()),
                        nodes(d.changes(), 6)));

        b.append("## Prompt lint (missing values reaching the judge)\n\n");
        table(b, detail, report.lint(), "None.\n",
                "| Script | Variant | Input | Node | Token | Claim |\n|---|---|---|---|---|---|\n",
                l -> List.of(esc(l.input().script()), esc(l.variant()), input(l.input()), code(l.node()),
                        esc(String.join(" ", l.tokens())), esc(shorten(l.claim(), 160))));

        b.append("## Changelog\n\n");
        changelog(b, report.changelog(), !report.expectations().scripts().isEmpty());
        if (detail == Detail.FULL) {
            b.append("\n## Expectations\n\n").append(esc(report.expectations().description())).append("\n\n");
            table(b, detail, List.copyOf(report.expectations().scripts().entrySet()),
                    "None: no script may change.\n",
                    "| Script | Allowed nodes | Allowed prompt changes | Note |\n|---|---|---|---|\n",
                    e -> List.of(esc(e.getKey()), e.getValue().allow().stream().map(Markdown::code)
                            .collect(Collectors.joining(", ")), esc(e.getValue().promptsText()),
                            esc(e.getValue().note())));
        }
        return b.toString();
    }

    private static void verdict(StringBuilder b, AuditReport report, Detail detail) {
        Totals s = report.summary();
        b.append("# Regrade audit: ").append(code(report.before())).append(" → ").append(code(report.after()))
                .append(detail == Detail.FULL ? " (full report)" : "").append("\n\n");
        b.append(s.unexpected() == 0 ? "**Verdict: pass.** " : "**Verdict: FAIL.** ").append(Cells.verdict(s))
                .append("\n\n").append(Cells.counts(s, u -> "**" + u + "**")).append("\n\n");
        b.append("Judge: ").append(report.judge()).append(" · hash seeds: ")
                .append(report.seeds().stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]")))
                .append(" · expectations: ").append(esc(report.expectations().source())).append("\n\n");
        if (report.python() != null) {
            report.python().lines().forEach(l -> b.append(esc(l)).append("\n\n"));
        }
        if (detail == Detail.SUMMARY) {
            b.append("Every row, every input's changes and the expectations: ").append(WHERE_FULL).append(".\n\n");
        }
    }

    private static void scoreImpact(StringBuilder b, AuditReport report, Detail detail) {
        List<Comparison> rows = detail == Detail.FULL ? report.comparisons()
                : report.comparisons().stream().filter(c -> c.changed() || c.seedDependent()).toList();
        if (detail == Detail.SUMMARY) {
            int unchanged = report.comparisons().size() - rows.size();
            b.append(rows.size()).append(" of ").append(report.comparisons().size())
                    .append(" rows changed or depend on the hash seed; ").append(unchanged)
                    .append(unchanged == 1 ? " unchanged row is" : " unchanged rows are")
                    .append(" not listed here.\n\n");
        }
        if (report.comparisons().stream().anyMatch(Comparison::seedDependent)) {
            b.append(Cells.SEED_RANGE_NOTE).append("\n\n");
        }
        if (rows.isEmpty() && detail == Detail.SUMMARY) {
            return;
        }
        // Never folded: the score impact is what a reviewer reads first.
        table(b, Detail.FULL, rows, "No inputs.\n",
                "| Script | Input | " + esc(report.before()) + " | " + esc(report.after())
                        + " | Δ | Changed nodes |\n|---|---|---:|---:|---:|---|\n",
                c -> List.of(esc(c.input().script()), input(c.input()), score(c.before()), score(c.after()),
                        Cells.delta(c.delta()), changedNodes(c)));
    }

    /** Every changed input with its shown changes, grouped by script. */
    private static void changesByInput(StringBuilder b, AuditReport report) {
        String current = null;
        for (Comparison c : report.comparisons()) {
            if (!c.changed()) {
                continue;
            }
            String script = c.input().script();
            if (!script.equals(current)) {
                b.append(current == null ? "" : "\n");
                current = script;
                scriptHeading(b, report, script);
            }
            b.append("- **").append(input(c.input())).append("** (").append(score(c.before())).append(" → ")
                    .append(score(c.after())).append(")");
            if (!c.description().isEmpty()) {
                b.append(": ").append(esc(c.description()));
            }
            b.append('\n');
            for (CheckedChange ch : c.shownChanges()) {
                b.append("  - ").append(change(ch)).append('\n');
            }
        }
        b.append(current == null ? "None.\n\n" : "\n");
    }

    /**
     * Each script's changes grouped by the inputs they occur in: a change shared by several inputs
     * is stated once, under the list of those inputs. Linear in the number of changes.
     */
    private static void changesByPattern(StringBuilder b, AuditReport report) {
        Map<String, Map<String, Set<String>>> inputsByChange = new LinkedHashMap<>();
        Map<String, Set<String>> changedInputs = new LinkedHashMap<>();
        for (Comparison c : report.comparisons()) {
            if (!c.changed()) {
                continue;
            }
            String script = c.input().script();
            changedInputs.computeIfAbsent(script, k -> new LinkedHashSet<>()).add(c.input().inputLabel());
            Map<String, Set<String>> changes = inputsByChange.computeIfAbsent(script, k -> new LinkedHashMap<>());
            for (CheckedChange ch : c.shownChanges()) {
                changes.computeIfAbsent(change(ch), k -> new LinkedHashSet<>()).add(c.input().inputLabel());
            }
        }
        if (changedInputs.isEmpty()) {
            b.append("None.\n\n");
            return;
        }
        changedInputs.forEach((script, inputs) -> {
            scriptHeading(b, report, script);
            Map<Set<String>, List<String>> byInputs = new LinkedHashMap<>();
            inputsByChange.get(script).forEach((change, in) -> byInputs.computeIfAbsent(in, k -> new ArrayList<>())
                    .add(change));
            Set<String> scoreOnly = new LinkedHashSet<>(inputs);
            byInputs.keySet().forEach(scoreOnly::removeAll);
            byInputs.forEach((in, changes) -> {
                b.append(in.size() == inputs.size() && inputs.size() > 1
                        ? "In all " + in.size() + " changed inputs" : "In " + inputList(in)).append(":\n\n");
                fold(b, Detail.SUMMARY, changes.size(), changes.size() + " changes", () -> {
                    changes.forEach(ch -> b.append("- ").append(ch).append('\n'));
                });
                b.append('\n');
            });
            if (!scoreOnly.isEmpty()) {
                b.append("Only the final score changed in ").append(inputList(scoreOnly)).append(".\n\n");
            }
        });
    }

    /**
     * The prompt changes with their diffs: in the full report one per input and prompt; in the summary
     * the prompts of a script with the same diff once, with the inputs and prompts that share it, as
     * many as fit {@link #PROMPTS_BUDGET} characters, at most {@link #MAX_PROMPTS} and
     * {@link #MAX_PROMPTS_PER_SCRIPT} of a script, the rest counted (the summary must fit one GitHub
     * comment).
     */
    private static void prompts(StringBuilder b, AuditReport report, Detail detail) {
        List<PromptChange> all = report.prompts();
        if (all.isEmpty()) {
            b.append("None: every prompt a script sent is the same before and after.\n\n");
            return;
        }
        long unexpected = all.stream().filter(p -> !p.expected()).count();
        b.append(esc(Cells.prompts(report.summary()))).append(unexpected == 0 ? "" : ", **" + unexpected
                + " unexpected**").append(". ").append(PROMPTS_NOTE).append("\n\n");
        Map<String, List<PromptChange>> groups = new LinkedHashMap<>();
        for (PromptChange p : all) {
            String key = detail == Detail.FULL ? p.input().script() + "\u0000" + p.input().inputLabel() + "\u0000"
                    + p.label() : String.join("\u0000", p.input().script(), p.kind(), p.partsText(), p.diff(),
                    String.valueOf(p.expected()));
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
        }
        int start = b.length();
        int shown = 0;
        int shownOfScript = 0;
        String current = null;
        for (List<PromptChange> group : groups.values()) {
            PromptChange p = group.get(0);
            if (detail == Detail.SUMMARY) {
                // At most a few per script, so every script with a change is seen.
                shownOfScript = p.input().script().equals(current) ? shownOfScript : 0;
                if (shown == MAX_PROMPTS || b.length() - start > PROMPTS_BUDGET
                        || shownOfScript == MAX_PROMPTS_PER_SCRIPT) {
                    continue;
                }
                shownOfScript++;
            }
            shown++;
            if (!p.input().script().equals(current)) {
                current = p.input().script();
                b.append("### ").append(esc(current)).append("\n\n");
            }
            Set<String> inputs = new LinkedHashSet<>();
            Set<String> subjects = new LinkedHashSet<>();
            Set<String> urls = new LinkedHashSet<>();
            for (PromptChange g : group) {
                inputs.add(g.input().inputLabel());
                subjects.add((g.subject().isEmpty() ? "(no node)" : code(g.subject()))
                        + (g.occurrence() > 1 ? " #" + g.occurrence() : ""));
                urls.add(String.valueOf(g.url()));
            }
            b.append("- ").append(p.expected() ? "" : "**UNEXPECTED** ").append(esc(p.kind())).append(' ')
                    .append(capped(subjects, 4)).append(" (").append(esc(p.partsText())).append(") in ")
                    .append(inputs.size()).append(inputs.size() == 1 ? " input (" : " inputs (")
                    .append(capped(inputs.stream().map(Markdown::esc).toList(), 6)).append(")");
            if (urls.size() == 1 && p.url() != null) {
                b.append(", page ").append(code(p.url()));
            }
            b.append(":\n\n");
            String fence = fence(p.diff());
            b.append("  ").append(fence).append("diff\n");
            p.diff().lines().forEach(l -> b.append("  ").append(l).append('\n'));
            b.append("  ").append(fence).append("\n\n");
        }
        int more = groups.size() - shown;
        if (more > 0) {
            b.append("+").append(more).append(" more prompt change").append(more == 1 ? "" : "s")
                    .append(" not shown here: every one with its diff under \"Changed prompts\" in ")
                    .append(WHERE_FULL).append(".\n\n");
        }
    }

    /** At most {@code max} items joined by commas, then "+N more". */
    private static String capped(java.util.Collection<String> items, int max) {
        List<String> list = List.copyOf(items);
        return String.join(", ", list.subList(0, Math.min(max, list.size())))
                + (list.size() > max ? " +" + (list.size() - max) + " more" : "");
    }

    /** Characters of the summary's prompt section after which the remaining changes are only counted. */
    private static final int PROMPTS_BUDGET = 12_000;

    /** What a prompt change means, after the count. */
    private static final String PROMPTS_NOTE = "Offline an extraction ignores its prompt and a reworded claim may "
            + "keep its verdict, so no tree shows these; a real judge reads them.";

    /** Prompt changes shown with their diffs in the summary; the others are counted. */
    private static final int MAX_PROMPTS = 10;

    /** Of which at most this many of one script. */
    private static final int MAX_PROMPTS_PER_SCRIPT = 2;

    /** A code fence longer than any run of backticks in {@code text}. */
    private static String fence(String text) {
        int longest = 0;
        int run = 0;
        for (char c : text.toCharArray()) {
            run = c == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return "`".repeat(Math.max(3, longest + 1));
    }

    private static String inputList(Set<String> inputs) {
        return inputs.size() + (inputs.size() == 1 ? " input (" : " inputs (")
                + inputs.stream().map(Markdown::esc).collect(Collectors.joining(", ")) + ")";
    }

    private static void scriptHeading(StringBuilder b, AuditReport report, String script) {
        b.append("### ").append(esc(script)).append("\n\n");
        AllowedChanges declared = report.expectations().scripts().get(script);
        if (declared != null && !declared.note().isEmpty()) {
            b.append("Expected: ").append(esc(declared.note())).append("\n\n");
        }
    }

    private static String change(CheckedChange ch) {
        return (ch.expected() ? "" : "**UNEXPECTED** ") + ch.change().changeClass().label() + ": "
                + esc(ch.change().text());
    }

    private static void changelog(StringBuilder b, Changelog c, boolean declared) {
        b.append(esc(c.text())).append("\n");
        String unexercised = Cells.unexercised(c.unexercised(), declared);
        if (unexercised != null) {
            b.append('\n').append(esc(unexercised)).append('\n');
        }
    }

    /**
     * A findings table: the header and one row per item, or the {@code none} line when there are
     * no items; a blank line follows either. In the summary a long table is folded.
     */
    private static <T> void table(StringBuilder b, Detail detail, List<T> items, String none, String header,
                                  Function<T, List<String>> cells) {
        if (items.isEmpty()) {
            b.append(none);
        } else {
            fold(b, detail, items.size(), items.size() + " rows", () -> {
                b.append(header);
                for (T item : items) {
                    b.append("| ").append(String.join(" | ", cells.apply(item))).append(" |\n");
                }
            });
        }
        b.append('\n');
    }

    /** Writes {@code body}, folded in the summary when long ({@link MarkdownBlocks#fold}). */
    private static void fold(StringBuilder b, Detail detail, int rows, String summary, Runnable body) {
        MarkdownBlocks.fold(b, detail == Detail.SUMMARY, rows, summary, body);
    }

    /**
     * A crash's Python error in a table cell: its first line, and the whole message with its line breaks
     * (a pydantic validation error lists one field a line) folded under it.
     */
    private static String error(String type, String message) {
        String text = type + ": " + message;
        int nl = text.indexOf('\n');
        if (nl < 0) {
            return esc(text);
        }
        String lines = text.lines().map(Markdown::htmlText).collect(Collectors.joining("<br>"));
        return "<details><summary>" + htmlText(text.substring(0, nl)) + "</summary>" + lines + "</details>";
    }

    /** Text for inside an HTML element of a table cell: markup, pipes and backticks made inert. */
    private static String htmlText(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "&#124;")
                .replace("`", "&#96;").replace("*", "&#42;").replace("_", "&#95;").replace("[", "&#91;");
    }

    private static String input(ScriptInput in) {
        return esc(in.inputLabel());
    }

    /** The first seed's score, qualified with the range across the seeds when it depends on them. */
    private static String score(ComparedRun run) {
        String first = run.crashed() ? "crashed (" + esc(run.errorType()) + ")" : Cells.score(run.finalScore());
        SeedRange r = run.seedRange();
        return r == null ? first : first + " ([seeds: " + Cells.seedRange(r) + "](#" + Cells.SEEDS_ID + "))";
    }

    private static String changedNodes(Comparison c) {
        List<CheckedChange> shown = c.shownChanges();
        if (shown.isEmpty()) {
            return "–";
        }
        long unexpected = Cells.unexpectedShown(c);
        String same = Cells.sameScorePhrase(c);
        return (same == null ? "" : esc(same) + ": ") + nodes(c.changes().stream().map(CheckedChange::change).toList(), 4)
                + (unexpected > 0 ? " (**" + unexpected + " unexpected**)" : "");
    }

    private static String nodes(List<NodeChange> changes, int max) {
        return Cells.nodes(changes, max, Markdown::code);
    }

    private static String shorten(String s, int max) {
        String flat = s.replace('\n', ' ');
        return flat.length() <= max ? flat : flat.substring(0, max - 1) + "…";
    }

    /** A code span; pipes escaped (GitHub unescapes them inside table cells), no backticks or newlines. */
    static String code(String s) {
        return "`" + s.replace("`", "'").replace("|", "\\|").replace("\r", " ").replace("\n", " ") + "`";
    }

    /** Escapes text for a Markdown table cell or line: pipes, backticks-free HTML, newlines. */
    static String esc(String s) {
        return s.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\r", " ").replace("\n", " ").replace("*", "\\*");
    }
}
