package dev.regrade.audit.python;

import dev.regrade.api.BadInputException;
import dev.regrade.api.DidYouMean;
import dev.regrade.reports.model.PythonOriginals;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Two git revisions of the user's Mind2Web 2 checkout as the two sides of a Python audit
 * ({@code audit --python CHECKOUT --base REV --head REV}): each side's scripts and engine
 * ({@code mind2web2/}, or the one of {@code --engine REV} for both) are read with git plumbing
 * ({@code ls-tree}, {@code cat-file}) into a temporary folder of Regrade's own, so the user's work
 * tree, index, HEAD and refs are never touched; {@link #close} deletes the folder. By default the
 * tasks audited are those whose {@code <task>.py} differs between the revisions, or, when the engine
 * differs (and is not pinned), every task of both; {@link #revisions} says which and why.
 */
public final class GitRevisions implements AutoCloseable {
    /** The engine's folder in a revision. */
    public static final String ENGINE = "mind2web2";
    /** Where the scripts are looked for when {@code --scripts-path} is not given. */
    public static final String SCRIPTS_ROOT = "eval_scripts";

    /**
     * What the command line named.
     *
     * @param checkout    the user's checkout ({@code --python})
     * @param base        {@code --base} REV
     * @param head        {@code --head} REV
     * @param engine      {@code --engine} REV, or null (each side its own)
     * @param scriptsPath {@code --scripts-path}, or null (found in the head revision)
     * @param scripts     {@code --scripts}: null for the default selection, {@code [all]}, or task names
     * @param before      the variant label of the base side, or null for its short hash
     * @param after       the variant label of the head side, or null for its short hash
     */
    public record Request(Path checkout, String base, String head, String engine, String scriptsPath,
                          List<String> scripts, String before, String after) {
        public Request {
            Objects.requireNonNull(checkout, "checkout");
            Objects.requireNonNull(base, "base");
            Objects.requireNonNull(head, "head");
            scripts = scripts == null ? null : List.copyOf(scripts);
        }
    }

    /** A resolved revision: as given, the full and the abbreviated commit hash, and the option that named it. */
    private record Rev(String given, String commit, String abbrev, String option) {
        PythonOriginals.Side side() {
            return new PythonOriginals.Side(given, abbrev);
        }

        String label() {
            return side().label();
        }
    }

    private final Git git;
    private final Path checkout;
    private final Path tmp;
    private final Rev base;
    private final Rev head;
    private final Rev engine;
    private final String scriptsPath;
    private final String before;
    private final String after;
    private final List<String> tasks;
    private final PythonOriginals.Revisions revisions;
    private final Map<String, Path> scriptDirs = new LinkedHashMap<>();
    private final Map<String, Path> engines = new LinkedHashMap<>();
    // an audit stopped by Ctrl-C or SIGTERM never reaches close(): the folder goes with the JVM then
    private final Thread cleanup = new Thread(this::deleteFolder, "regrade-git-cleanup");

    private GitRevisions(Git git, Path checkout, Path tmp, Rev base, Rev head, Rev engine, String scriptsPath,
                         String before, String after, List<String> tasks, PythonOriginals.Revisions revisions) {
        this.git = git;
        this.checkout = checkout;
        this.tmp = tmp;
        this.base = base;
        this.head = head;
        this.engine = engine;
        this.scriptsPath = scriptsPath;
        this.before = before;
        this.after = after;
        this.tasks = List.copyOf(tasks);
        this.revisions = revisions;
    }

    /**
     * Resolves the revisions, selects the tasks and reads both sides into a temporary folder. Bad
     * input (exit 2): a checkout that is not a git repository, an unknown revision (with the branch or
     * tag probably meant), a revision without {@code mind2web2/}, a scripts folder that is ambiguous or
     * absent, a {@code --scripts} task absent from a side, nothing to audit.
     */
    public static GitRevisions open(Request r) {
        Path checkout = r.checkout();
        if (!Files.isDirectory(checkout)) {
            throw new BadInputException("--python " + checkout + ": no such directory");
        }
        Git git = new Git(checkout);
        Git.Result inside = git.run(List.of("rev-parse", "--git-dir"), null);
        if (inside.status() != 0) {
            throw new BadInputException("--python " + checkout + ": not a git repository (--base/--head read the "
                    + "revisions from its history): " + inside.err());
        }
        Rev base = resolve(git, checkout, r.base(), "--base");
        Rev head = resolve(git, checkout, r.head(), "--head");
        Rev engine = r.engine() == null ? null : resolve(git, checkout, r.engine(), "--engine");
        if (base.commit().equals(head.commit())) {
            throw new BadInputException("--base " + r.base() + " and --head " + r.head() + " are the same commit "
                    + base.abbrev() + ": there is nothing to compare");
        }
        for (Rev rev : engine == null ? List.of(base, head) : List.of(engine)) {
            if (lsTree(git, rev.commit(), ENGINE).isEmpty()) {
                throw new BadInputException(rev.option() + " " + rev.given() + ": revision " + rev.abbrev()
                        + " has no " + ENGINE + "/ folder (not a Mind2Web 2 revision)");
            }
        }
        String path = scriptsPath(git, r.scriptsPath(), base, head);
        Map<String, String> baseTasks = taskBlobs(git, base.commit(), path);
        Map<String, String> headTasks = taskBlobs(git, head.commit(), path);
        List<String> engineChanges = git.check("diff-tree", "-r", "-z", "--no-renames", "--name-only",
                base.commit(), head.commit(), "--", ENGINE).records();
        engineChanges = new ArrayList<>(new TreeSet<>(engineChanges));
        boolean engineChanged = engine == null && !engineChanges.isEmpty();
        List<PythonOriginals.Selection> selection = select(r.scripts(), baseTasks, headTasks, engineChanged,
                base, head, path);
        List<String> audited = selection.stream().filter(PythonOriginals.Selection::audited)
                .map(PythonOriginals.Selection::task).toList();
        if (audited.isEmpty()) {
            throw new BadInputException("--base " + base.label() + " --head " + head.label() + ": nothing to audit: no "
                    + "<task>.py of " + path + " present in both revisions differs between them"
                    + (engine != null ? " (the engine is pinned by --engine)" : " and " + ENGINE + "/ is the same")
                    + "; name tasks with --scripts T,… or --scripts all");
        }
        String before = r.before() != null ? r.before() : base.abbrev();
        String after = r.after() != null ? r.after() : head.abbrev();
        if (before.equals(after)) {
            throw new BadInputException("--before and --after name the same variant '" + before + "'");
        }
        PythonOriginals.Revisions revisions = new PythonOriginals.Revisions(base.side(), head.side(),
                engine == null ? null : engine.side(), path, engineChanges, selection);
        Path tmp;
        try {
            tmp = Files.createTempDirectory("regrade-git-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        GitRevisions g = new GitRevisions(git, checkout, tmp, base, head, engine, path, before, after, audited,
                revisions);
        Runtime.getRuntime().addShutdownHook(g.cleanup);
        try {
            g.materialise();
        } catch (RuntimeException e) {
            g.close();
            throw e;
        }
        return g;
    }

    /** The setup of the audit: per variant its scripts folder and engine, read into the temporary folder. */
    public PythonSetup setup(String python) {
        return new PythonSetup(python, checkout, scriptDirs, engines, revisions);
    }

    /** The tasks audited, sorted. */
    public List<String> tasks() {
        return tasks;
    }

    /** The variant label of the base side. */
    public String before() {
        return before;
    }

    /** The variant label of the head side. */
    public String after() {
        return after;
    }

    /** The revisions, the engines and the selection with its reasons, for the report. */
    public PythonOriginals.Revisions revisions() {
        return revisions;
    }

    /**
     * The missing-module error as the user can act on it: the script as the revision names it, the
     * side, the engine that lacks the module, and the revisions of the checkout's history whose engine
     * has it.
     */
    public BadInputException explain(MissingEngineModuleException e) {
        Rev side = e.variant().equals(before) ? base : head;
        String sideName = side == base ? "base" : "head";
        Rev ran = engine != null ? engine : side;
        List<String> having = history(e.module(), e.name());
        String what = MissingEngineModuleException.what(e.module(), e.name());
        return new BadInputException(scriptsPath + "/" + e.script().getFileName() + " (" + sideName + " "
                + side.label() + ") imports " + what + ", which the engine of " + ran.label()
                + (engine != null ? " (--engine)" : "") + " lacks; "
                + (having.isEmpty() ? "no revision in the history of " + checkout + " has it"
                        : "the engines of " + String.join(", ", having) + " have it")
                + (having.isEmpty() ? "" : engine != null ? " (choose one of them with --engine, or drop --engine so "
                        + "that each side runs its own)" : " (pin one of them for both sides with --engine REV)"), e);
    }

    // ------------------------------------------------------------------ resolving

    private static Rev resolve(Git git, Path checkout, String given, String option) {
        Git.Result r = git.run(List.of("rev-parse", "--verify", "--quiet", "--end-of-options", given + "^{commit}"), null);
        String commit = r.text().strip();
        if (r.status() != 0 || commit.isEmpty()) {
            List<String> names = git.check("for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/tags",
                    "refs/remotes").lines();
            throw new BadInputException(option + " " + given + ": no such revision (commit, branch or tag) in "
                    + checkout + DidYouMean.suffix(given, names));
        }
        String abbrev = git.check("rev-parse", "--short", commit).text().strip();
        return new Rev(given, commit, abbrev, option);
    }

    /** The scripts folder: the one given, else the one folder under eval_scripts/ of head holding *.py. */
    private static String scriptsPath(Git git, String given, Rev base, Rev head) {
        TreeSet<String> headFolders = pyFolders(git, head.commit());
        if (given != null) {
            String path = given.replace('\\', '/').replaceAll("^(\\./)+", "").replaceAll("/+$", "");
            if (path.isEmpty() || path.equals(".")) {
                throw new BadInputException("--scripts-path " + given + ": expected the folder of <task>.py inside the "
                        + "revisions, e.g. " + SCRIPTS_ROOT + "/dev_set");
            }
            if (!taskBlobs(git, head.commit(), path).isEmpty() || !taskBlobs(git, base.commit(), path).isEmpty()) {
                return path;
            }
            TreeSet<String> known = new TreeSet<>(headFolders);
            known.addAll(pyFolders(git, base.commit()));
            throw new BadInputException("--scripts-path " + given + ": neither base " + base.label() + " nor head "
                    + head.label() + " has a <task>.py in " + path + "/" + DidYouMean.suffix(path, known)
                    + (known.isEmpty() ? "" : " (folders of " + SCRIPTS_ROOT + "/ with scripts: " + String.join(", ", known) + ")"));
        }
        if (headFolders.size() == 1) {
            return headFolders.first();
        }
        throw new BadInputException(headFolders.isEmpty()
                ? "--head " + head.given() + ": revision " + head.abbrev() + " has no <task>.py under " + SCRIPTS_ROOT
                        + "/; name the folder of the scripts with --scripts-path PATH"
                : "--head " + head.given() + ": revision " + head.abbrev() + " has scripts in "
                        + headFolders.size() + " folders under " + SCRIPTS_ROOT + "/ (" + String.join(", ", headFolders)
                        + "); choose one with --scripts-path PATH");
    }

    /** The folders under eval_scripts/ of a revision that hold a {@code *.py} file. */
    private static TreeSet<String> pyFolders(Git git, String commit) {
        TreeSet<String> folders = new TreeSet<>();
        for (String entry : lsTreeRecursive(git, commit, SCRIPTS_ROOT)) {
            String p = entry.substring(entry.indexOf('\t') + 1);
            String name = p.substring(p.lastIndexOf('/') + 1);
            if (entry.contains(" blob ") && name.endsWith(".py") && !name.startsWith("__")) {
                folders.add(p.substring(0, p.lastIndexOf('/')));
            }
        }
        return folders;
    }

    /** Task → blob id of the {@code <task>.py} files directly in {@code path} of a revision. */
    private static Map<String, String> taskBlobs(Git git, String commit, String path) {
        Map<String, String> tasks = new TreeMap<>();
        for (String entry : lsTree(git, commit, path + "/")) {
            // <mode> SP <type> SP <object> TAB <path>
            String[] meta = entry.substring(0, entry.indexOf('\t')).split(" ");
            String p = entry.substring(entry.indexOf('\t') + 1);
            String name = p.substring(p.lastIndexOf('/') + 1);
            if (meta[1].equals("blob") && name.endsWith(".py") && !name.startsWith("__")) {
                tasks.put(name.substring(0, name.length() - 3), meta[2]);
            }
        }
        return tasks;
    }

    private static List<String> lsTree(Git git, String commit, String path) {
        return git.check("ls-tree", "-z", commit, "--", path).records();
    }

    private static List<String> lsTreeRecursive(Git git, String commit, String path) {
        return git.check("ls-tree", "-r", "-z", commit, "--", path).records();
    }

    // ------------------------------------------------------------------ selecting

    private static List<PythonOriginals.Selection> select(List<String> named, Map<String, String> baseTasks,
                                                          Map<String, String> headTasks, boolean engineChanged,
                                                          Rev base, Rev head, String path) {
        boolean all = named != null && named.equals(List.of("all"));
        if (named != null && !all) {
            for (String t : named) {
                for (Rev side : List.of(base, head)) {
                    Map<String, String> here = side == base ? baseTasks : headTasks;
                    if (!here.containsKey(t)) {
                        throw new BadInputException("--scripts " + t + ": " + (side == base ? "base " : "head ")
                                + side.label() + " has no " + path + "/" + t + ".py"
                                + DidYouMean.suffix(t, here.keySet()));
                    }
                }
            }
        }
        TreeSet<String> every = new TreeSet<>(baseTasks.keySet());
        every.addAll(headTasks.keySet());
        List<PythonOriginals.Selection> out = new ArrayList<>();
        for (String t : every) {
            if (!baseTasks.containsKey(t)) {
                out.add(new PythonOriginals.Selection(t, false, "added in head"));
            } else if (!headTasks.containsKey(t)) {
                out.add(new PythonOriginals.Selection(t, false, "removed in head"));
            } else {
                boolean scriptChanged = !baseTasks.get(t).equals(headTasks.get(t));
                String why = scriptChanged && engineChanged ? "script and engine changed"
                        : scriptChanged ? "script changed" : engineChanged ? "engine changed" : "unchanged";
                if (all || named == null) {
                    boolean audited = all || scriptChanged || engineChanged;
                    out.add(new PythonOriginals.Selection(t, audited,
                            all && why.equals("unchanged") ? "unchanged (--scripts all)" : why));
                } else if (named.contains(t)) {
                    out.add(new PythonOriginals.Selection(t, true,
                            why.equals("unchanged") ? "unchanged (named by --scripts)" : why));
                } else {
                    out.add(new PythonOriginals.Selection(t, false,
                            why.equals("unchanged") ? why : why + " (not named by --scripts)"));
                }
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ reading the trees

    private void materialise() {
        Path engineDir = null;
        if (engine != null) {
            engineDir = tmp.resolve("engine");
            write(engine.commit(), List.of(ENGINE), engineDir);
        }
        for (Rev side : List.of(base, head)) {
            Path dir = tmp.resolve(side == base ? "base" : "head");
            write(side.commit(), engine == null ? List.of(ENGINE, scriptsPath) : List.of(scriptsPath), dir);
            Path scripts = dir.resolve(scriptsPath);
            try {
                Files.createDirectories(scripts); // a side without the folder has no task: none of its tasks runs
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            String variant = side == base ? before : after;
            scriptDirs.put(variant, scripts);
            engines.put(variant, engine == null ? dir : engineDir);
        }
    }

    /** Writes the files of {@code paths} in a revision under {@code dir} ({@code ls-tree} then one {@code cat-file --batch}). */
    private void write(String commit, List<String> paths, Path dir) {
        List<String> args = new ArrayList<>(List.of("ls-tree", "-r", "-z", commit, "--"));
        args.addAll(paths);
        List<String[]> files = new ArrayList<>();
        StringBuilder objects = new StringBuilder();
        for (String entry : git.check(args.toArray(String[]::new)).records()) {
            String[] meta = entry.substring(0, entry.indexOf('\t')).split(" ");
            // regular files only: a symlink or submodule is never part of an engine or a script
            if (meta[1].equals("blob") && (meta[0].equals("100644") || meta[0].equals("100755"))) {
                files.add(new String[] {entry.substring(entry.indexOf('\t') + 1), meta[2]});
                objects.append(meta[2]).append('\n');
            }
        }
        if (files.isEmpty()) {
            return;
        }
        Git.Result r = git.run(List.of("cat-file", "--batch"), objects.toString().getBytes(StandardCharsets.US_ASCII));
        if (r.status() != 0) {
            throw new IllegalStateException("git cat-file --batch in " + checkout + " failed: " + r.err());
        }
        byte[] out = r.out();
        int at = 0;
        for (String[] f : files) {
            // "<oid> blob <size>\n<content>\n"
            int nl = indexOf(out, (byte) '\n', at);
            String[] header = new String(out, at, nl - at, StandardCharsets.US_ASCII).split(" ");
            if (header.length != 3 || !header[0].equals(f[1])) {
                throw new IllegalStateException("git cat-file --batch: unexpected reply for " + f[0] + ": "
                        + String.join(" ", header));
            }
            int size = Integer.parseInt(header[2]);
            Path target = dir.resolve(f[0]).normalize();
            if (!target.startsWith(dir)) {
                throw new IllegalStateException("a path of revision " + commit + " leaves the folder: " + f[0]);
            }
            try {
                Files.createDirectories(target.getParent());
                Files.write(target, java.util.Arrays.copyOfRange(out, nl + 1, nl + 1 + size));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            at = nl + 1 + size + 1;
        }
    }

    private static int indexOf(byte[] b, byte v, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == v) {
                return i;
            }
        }
        throw new IllegalStateException("git cat-file --batch: truncated reply");
    }

    // ------------------------------------------------------------------ history

    /**
     * The ranges of the checkout's history (branches, tags, remotes and HEAD; oldest first) whose engine has the module (and the
     * name): {@code 7366db9…af52771}, or {@code from f64ffd9 on} when the newest revisions still have it.
     */
    List<String> history(String module, String name) {
        String base = module.replace('.', '/');
        List<String> ranges = new ArrayList<>();
        for (String file : List.of(base + ".py", base + "/__init__.py")) {
            // branches, tags and remotes (not the stash: work put aside is no engine of the history)
            List<String> commits = git.check("log", "--branches", "--tags", "--remotes", "HEAD", "--reverse", "--topo-order", "--no-renames",
                    "--format=%H %h", "--", file).lines();
            String start = null;
            for (String line : commits) {
                String[] c = line.split(" ");
                boolean present = name == null
                        ? git.run(List.of("cat-file", "-e", c[0] + ":" + file), null).status() == 0
                        : git.run(List.of("grep", "-q", "-F", "-w", "-e", name, c[0], "--", file), null).status() == 0;
                if (present && start == null) {
                    start = c[1];
                } else if (!present && start != null) {
                    String end = git.check("rev-parse", "--short", c[0] + "^").text().strip();
                    ranges.add(start.equals(end) ? start : start + "…" + end);
                    start = null;
                }
            }
            if (start != null) {
                ranges.add("from " + start + " on");
            }
            if (!ranges.isEmpty()) {
                break;
            }
        }
        return ranges;
    }

    /** Deletes the temporary folder. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook deletes the folder
        }
        deleteFolder();
    }

    private void deleteFolder() {
        if (!Files.exists(tmp)) {
            return;
        }
        try (Stream<Path> s = Files.walk(tmp)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
