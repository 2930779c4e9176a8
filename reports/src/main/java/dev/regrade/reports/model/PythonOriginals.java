package dev.regrade.reports.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * In an audit of the Python originals ({@code audit --python}): where the originals came from and
 * what the offline world stood in for.
 *
 * @param checkout  the Mind2Web 2 checkout whose {@code mind2web2} package the scripts imported
 * @param standIns  the third-party modules the user's python lacked that the driver stood in for
 *                  (sorted; empty when it lacked none)
 * @param revisions with {@code --base/--head}: the git revisions the sides were read from, their
 *                  engines and the tasks selected, each with its reason; else null
 */
public record PythonOriginals(String checkout, List<String> standIns, Revisions revisions) {
    /** How many engine files the text renderings name before "and N more" (report.json has them all). */
    private static final int FILES_SHOWN = 5;

    public PythonOriginals {
        standIns = List.copyOf(standIns);
    }

    /** Scripts directories on one engine: no revisions. */
    public PythonOriginals(String checkout, List<String> standIns) {
        this(checkout, standIns, null);
    }

    /**
     * A revision as the user named it and as it resolved.
     *
     * @param given  the name on the command line (branch, tag, hash…)
     * @param commit the commit's abbreviated hash
     */
    public record Side(String given, String commit) {
        public Side {
            Objects.requireNonNull(given, "given");
            Objects.requireNonNull(commit, "commit");
        }

        /** {@code 4e7b067}, or {@code 4e7b067 (my-fix)} when the user named it otherwise. */
        public String label() {
            return given.equals(commit) || commit.startsWith(given) || given.startsWith(commit)
                    ? commit : commit + " (" + given + ")";
        }
    }

    /**
     * One task of the revisions and whether it is audited.
     *
     * @param task    the task ({@code <task>.py})
     * @param audited whether the audit runs it
     * @param reason  why: {@code script changed}, {@code engine changed}, {@code named by --scripts},
     *                {@code unchanged}, {@code added in head}, {@code removed in head}
     */
    public record Selection(String task, boolean audited, String reason) {
        public Selection {
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The git revisions of an audit ({@code --base/--head}).
     *
     * @param base          the base revision (the before side)
     * @param head          the head revision (the after side)
     * @param engine        the revision whose engine both sides run ({@code --engine}); null: each
     *                      side runs its own revision's
     * @param scriptsPath   the folder of {@code <task>.py} inside the revisions
     * @param engineChanges the files under {@code mind2web2/} that differ between base and head, sorted
     * @param tasks         every task of either revision, sorted, with whether and why it is audited
     */
    public record Revisions(Side base, Side head, Side engine, String scriptsPath, List<String> engineChanges,
                            List<Selection> tasks) {
        public Revisions {
            Objects.requireNonNull(base, "base");
            Objects.requireNonNull(head, "head");
            Objects.requireNonNull(scriptsPath, "scriptsPath");
            engineChanges = List.copyOf(engineChanges);
            tasks = List.copyOf(tasks);
        }

        /** The engine changes as the text renderings name them. */
        public String engineChangesText() {
            List<String> shown = engineChanges.subList(0, Math.min(FILES_SHOWN, engineChanges.size()));
            int more = engineChanges.size() - shown.size();
            return String.join(", ", shown) + (more > 0 ? ", and " + more + " more" : "");
        }

        /** The lines every rendering prints under {@link #line()}, before escaping. */
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            String engines = engine != null
                    ? "engine of " + engine.label() + " (--engine) on both sides"
                    : "each side on its own engine" + (engineChanges.isEmpty() ? " (mind2web2/ unchanged)"
                            : " (mind2web2/ changed: " + engineChangesText() + ")");
            out.add("Revisions: base " + base.label() + " → head " + head.label() + " · scripts " + scriptsPath
                    + " · " + engines);
            out.add("Audited: " + grouped(true));
            String skipped = grouped(false);
            if (!skipped.isEmpty()) {
                out.add("Not audited: " + skipped);
            }
            return out;
        }

        /** The tasks audited (or not), grouped by reason; unchanged tasks that are not audited are counted. */
        private String grouped(boolean audited) {
            Map<String, List<String>> byReason = new LinkedHashMap<>();
            for (Selection s : tasks) {
                if (s.audited() == audited) {
                    byReason.computeIfAbsent(s.reason(), r -> new ArrayList<>()).add(s.task());
                }
            }
            List<String> parts = new ArrayList<>();
            byReason.forEach((reason, names) -> parts.add(!audited && reason.equals("unchanged")
                    ? names.size() + " unchanged task" + (names.size() == 1 ? "" : "s")
                    : reason + ": " + String.join(", ", names)));
            return String.join(" · ", parts);
        }
    }

    /** The one line every rendering prints (console, Markdown, HTML), before escaping. */
    public String line() {
        return "Python originals: " + checkout + " · stand-ins for modules this python lacks: "
                + (standIns.isEmpty() ? "none" : String.join(", ", standIns));
    }

    /** {@link #line()} and, with revisions, their lines: what every rendering prints, before escaping. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(line());
        if (revisions != null) {
            out.addAll(revisions.lines());
        }
        return out;
    }
}
