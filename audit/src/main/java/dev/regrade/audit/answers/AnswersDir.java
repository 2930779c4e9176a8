package dev.regrade.audit.answers;

import dev.regrade.api.BadInputException;
import dev.regrade.api.DidYouMean;
import dev.regrade.rubric.io.BoundedFiles;
import dev.regrade.rubric.io.IoProblems;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads a directory of answers in the Mind2Web 2 runner's layout, {@code DIR/<agent>/<task>/*.md},
 * as {@code run_eval.py} and {@code eval_runner.evaluate_task} read it: every sub-folder of an agent
 * is a task, every regular file of a task folder whose suffix is {@code .md} is an answer, sorted by
 * name, read as UTF-8 in Python's text mode (CRLF and CR become LF); other files and deeper folders
 * are not looked at, nor are hidden folders and folders without an answer. An empty file is an answer (the runner evaluates it). A {@code .json} file of the
 * same base name beside an answer ({@code answer_1.json}) is its fixture, which the runner ignores.
 *
 * <p>Where the runner only warns, the audit is stricter: a task folder whose name is close to a
 * known task's but not one is bad input with "did you mean" (it would pass over a misspelt task
 * silently); an answer that is not UTF-8 (the runner logs the error and records no result) or is
 * larger than {@link #MAX_FILE_BYTES} is bad input naming the file.
 */
public final class AnswersDir {
    /** The largest answer file accepted: 16 MiB, as for a fixture. */
    public static final long MAX_FILE_BYTES = 16L * 1024 * 1024;

    /**
     * What a directory holds for an audit.
     *
     * @param byTask     the answers of each audited task, agents by name, files by name
     * @param notAudited answers of known tasks the audit does not run, by task
     * @param unknown    answers of tasks that are not known (no port, no script), by task
     */
    public record Read(Map<String, List<Answer>> byTask, SortedMap<String, Integer> notAudited,
                       SortedMap<String, Integer> unknown) {
        public Read {
            byTask = Collections.unmodifiableMap(new LinkedHashMap<>(byTask));
            notAudited = Collections.unmodifiableSortedMap(new TreeMap<>(notAudited));
            unknown = Collections.unmodifiableSortedMap(new TreeMap<>(unknown));
        }

        /** The answers of one task (none: empty). */
        public List<Answer> of(String task) {
            return byTask.getOrDefault(task, List.of());
        }

        /** How many answers the audit takes. */
        public int count() {
            return byTask.values().stream().mapToInt(List::size).sum();
        }

        /** One console line: the answers taken and those passed over, with the tasks. */
        public String summaryLine() {
            StringBuilder b = new StringBuilder("--answers: " + count() + " answer" + (count() == 1 ? "" : "s")
                    + " of " + byTask.size() + " audited task" + (byTask.size() == 1 ? "" : "s"));
            if (!notAudited.isEmpty()) {
                b.append("; passed over ").append(sum(notAudited)).append(" of ").append(notAudited.size())
                        .append(" task(s) not audited (").append(names(notAudited)).append(')');
            }
            if (!unknown.isEmpty()) {
                b.append("; passed over ").append(sum(unknown)).append(" of ").append(unknown.size())
                        .append(" task(s) with no script here (").append(names(unknown)).append(')');
            }
            return b.toString();
        }

        private static int sum(Map<String, Integer> m) {
            return m.values().stream().mapToInt(Integer::intValue).sum();
        }

        private static String names(SortedMap<String, Integer> m) {
            List<String> names = new ArrayList<>(m.keySet());
            return names.size() <= 5 ? String.join(", ", names)
                    : String.join(", ", names.subList(0, 5)) + ", … " + (names.size() - 5) + " more";
        }
    }

    private AnswersDir() {
    }

    /**
     * Reads {@code dir}.
     *
     * @param option  the option that named it, for messages ({@code --answers})
     * @param known   every task name a script exists for
     * @param audited the tasks the audit runs, in its order
     */
    public static Read read(String option, Path dir, Collection<String> known, Collection<String> audited) {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(option + ": " + dir + " is not a directory (the runner's layout: "
                    + "DIR/<agent>/<task>/answer_N.md)");
        }
        List<Path> agents = folders(dir);
        for (Path agent : agents) {
            String name = agent.getFileName().toString();
            if (known.contains(name) && !answerFiles(agent).isEmpty()) {
                throw new BadInputException(option + ": " + dir + " holds " + name + "/*.md: it looks like one agent's "
                        + "folder; give the folder that holds the agents (DIR/<agent>/<task>/answer_N.md)");
            }
        }
        Map<String, List<Answer>> byTask = new LinkedHashMap<>();
        audited.forEach(t -> byTask.put(t, new ArrayList<>()));
        SortedMap<String, Integer> notAudited = new TreeMap<>();
        SortedMap<String, Integer> unknown = new TreeMap<>();
        for (Path agent : agents) {
            for (Path task : folders(agent)) {
                String t = task.getFileName().toString();
                List<Path> files = answerFiles(task);
                if (files.isEmpty()) {
                    continue; // nothing the runner would evaluate (logs, a cache, an empty folder)
                }
                if (byTask.containsKey(t)) {
                    for (Path f : files) {
                        byTask.get(t).add(answer(dir, agent, task, f));
                    }
                } else if (known.contains(t)) {
                    notAudited.merge(t, files.size(), Integer::sum);
                } else {
                    String close = DidYouMean.closest(t, known).orElse(null);
                    if (close != null) {
                        throw new BadInputException(option + ": " + dir.relativize(task).toString().replace('\\', '/')
                                + " names no task" + DidYouMean.suffix(t, known)
                                + " (a task folder is named as its script)");
                    }
                    unknown.merge(t, files.size(), Integer::sum);
                }
            }
        }
        byTask.replaceAll((t, list) -> unique(list));
        byTask.values().removeIf(List::isEmpty);
        return new Read(byTask, notAudited, unknown);
    }

    /**
     * Sub-folders, sorted by name as Python sorts strings (by code point); hidden ones ({@code .git})
     * are no agent or task (the runner would skip them as tasks without a script).
     */
    private static List<Path> folders(Path dir) {
        return list(dir).stream().filter(p -> !p.getFileName().toString().startsWith(".") && Files.isDirectory(p))
                .toList();
    }

    /** The runner's answer files: regular files whose Python suffix is {@code .md}, sorted by name. */
    static List<Path> answerFiles(Path taskDir) {
        return list(taskDir).stream()
                .filter(p -> isAnswerName(p.getFileName().toString()) && Files.isRegularFile(p)).toList();
    }

    /** {@code PurePath(name).suffix == ".md"}: the last dot, not the first character nor the last. */
    static boolean isAnswerName(String name) {
        int i = name.lastIndexOf('.');
        return i > 0 && i < name.length() - 1 && name.substring(i).equals(".md");
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted(Comparator.comparing(p -> p.getFileName().toString(), AnswersDir::byCodePoint)).toList();
        } catch (IOException e) {
            throw new BadInputException(dir + ": cannot list the folder: " + IoProblems.describe(e));
        }
    }

    /** Python's string order: by code point (Java's compareTo orders UTF-16 units). */
    static int byCodePoint(String a, String b) {
        return java.util.Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
    }

    private static Answer answer(Path root, Path agent, Path task, Path file) {
        String rel = root.relativize(file).toString().replace('\\', '/');
        String name = file.getFileName().toString();
        String base = name.substring(0, name.lastIndexOf('.'));
        Path fixture = file.resolveSibling(base + ".json");
        return new Answer(agent.getFileName().toString(), task.getFileName().toString(), name,
                safe(agent.getFileName().toString()) + "-" + safe(base), rel, text(file),
                Files.isRegularFile(fixture) ? root.relativize(fixture).toString().replace('\\', '/') : null);
    }

    /** The answer text, as {@code Path.read_text(encoding="utf-8")} gives it. */
    static String text(Path file) {
        String f = file.toString();
        byte[] bytes = BoundedFiles.read(file, MAX_FILE_BYTES, "the answer", "an answer may hold at most "
                + MAX_FILE_BYTES + " (16 MiB)");
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = decoder.decode(in, out, true);
        if (!r.isError()) {
            r = decoder.flush(out);
        }
        if (r.isError()) {
            throw BadInputException.inFile(f, "not UTF-8 text (an invalid byte at offset " + in.position()
                    + "); the Mind2Web 2 runner cannot read it either (it logs the error and records no result): "
                    + "save it as UTF-8 or remove it");
        }
        out.flip();
        // Python's text mode (universal newlines): \r\n and a lone \r both read as \n.
        return out.toString().replace("\r\n", "\n").replace('\r', '\n');
    }

    /** A name that is safe in a file name on every system: letters, digits, '.', '_' and '-' kept, the rest '_'. */
    static String safe(String name) {
        StringBuilder b = new StringBuilder();
        name.codePoints().forEach(c -> b.append(c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '_'
                || c == '-') ? (char) c : '_'));
        return b.toString();
    }

    /** The answers with input names unique ignoring case (a case-blind file system): a clash gets -2, -3, … */
    private static List<Answer> unique(List<Answer> answers) {
        Set<String> used = new HashSet<>();
        List<Answer> out = new ArrayList<>();
        for (Answer a : answers) {
            String name = a.inputName();
            for (int n = 2; !used.add(name.toLowerCase(Locale.ROOT)); n++) {
                name = a.inputName() + "-" + n;
            }
            out.add(name.equals(a.inputName()) ? a
                    : new Answer(a.agent(), a.task(), a.fileName(), name, a.path(), a.text(), a.fixture()));
        }
        return out;
    }
}
