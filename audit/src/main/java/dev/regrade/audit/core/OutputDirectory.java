package dev.regrade.audit.core;

import dev.regrade.api.BadInputException;
import dev.regrade.rubric.io.IoProblems;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * An output directory that holds exactly what one run wrote. The run writes into a hidden sibling,
 * {@code .NAME.regrade-new-PID}, which is then swapped in by two renames (the previous output moves
 * aside to {@code .NAME.regrade-old-PID}, the new one takes its name, the old one is deleted), so a
 * kill leaves the previous complete output or the new complete one. A kill between the two renames
 * (microseconds) leaves both complete ones aside; the next run puts the previous one back first.
 * Regrade recognises its own output by the marker file {@link #MARKER}, and refuses to replace a
 * non-empty directory without one, or one of another kind: a replay's {@code --out} never replaces an
 * audit, nor a shard the whole audit.
 */
public final class OutputDirectory {
    /** The marker file in every output directory Regrade replaces; it names the format. */
    public static final String MARKER = ".regrade-audit";

    private static final String NEW = ".regrade-new-";
    private static final String OLD = ".regrade-old-";
    private static final long PID = ProcessHandle.current().pid();

    private OutputDirectory() {
    }

    /**
     * Replaces {@code out} with what {@code write} puts into a fresh directory; {@code kind} says which
     * command's output it is ({@code audit}, {@code audit shard}, {@code replay}, {@code subjects audit})
     * and {@code format} what the directory holds (both written into the marker). Refuses, as bad input,
     * a non-empty {@code out} that is not Regrade's output or is output of another kind.
     */
    public static void replace(Path out, String kind, String format, Consumer<Path> write) {
        Path target = out.toAbsolutePath().normalize();
        Path parent = target.getParent();
        String name = target.getFileName().toString();
        try {
            Files.createDirectories(parent);
            restoreInterruptedSwap(parent, name, target);
            checkReplaceable(out, target, kind);
            for (Path stray : strays(parent, name)) {
                deleteTree(stray);
            }
            Path fresh = parent.resolve("." + name + NEW + PID);
            Files.createDirectory(fresh);
            try {
                // The marker first, written in place (its name is what counts): a directory of ours is
                // recognisable however early a kill lands.
                Files.writeString(fresh.resolve(MARKER), "regrade output: " + format + "\n" + KIND + kind + "\n",
                        StandardCharsets.UTF_8);
                write.accept(fresh);
                if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                    Path old = parent.resolve("." + name + OLD + PID);
                    move(target, old);
                    move(fresh, target);
                    deleteTree(old);
                } else {
                    move(fresh, target);
                }
            } finally {
                deleteTree(fresh);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + IoProblems.describe(e), e);
        }
    }

    /** The marker's line naming the kind of output. */
    private static final String KIND = "kind: ";

    /**
     * The kind of Regrade output {@code dir} holds, from its marker; a marker written before kinds were
     * recorded is read by its format line ({@code audit shard 1/2, …} → {@code audit shard}). Empty when
     * {@code dir} is not Regrade's output.
     */
    public static Optional<String> kind(Path dir) {
        if (!isOurs(dir)) {
            return Optional.empty();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(dir.resolve(MARKER), StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            return Optional.of("unknown");
        }
        for (String line : lines) {
            if (line.startsWith(KIND)) {
                return Optional.of(line.substring(KIND.length()).strip());
            }
        }
        String format = lines.isEmpty() ? "" : lines.get(0).replaceFirst("^regrade output: ", "");
        String head = format.split(",", 2)[0].strip();
        return Optional.of(head.replaceFirst(" [0-9]+/[0-9]+$", ""));
    }

    private static void checkReplaceable(Path out, Path target, String kind) throws IOException {
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new BadInputException("--out: " + out + " exists and is not a directory");
        }
        if (!isEmpty(target) && !isOurs(target)) {
            throw new BadInputException("--out: " + out + " is not empty and is not a Regrade output directory "
                    + "(it has no " + MARKER + " file); choose another directory, or empty this one");
        }
        Optional<String> held = kind(target);
        if (held.isPresent() && !mayReplace(kind, held.get())) {
            throw new BadInputException("--out: " + out + " holds the output of " + withArticle(held.get())
                    + ", which " + withArticle(kind) + " does not replace; choose another directory, or delete this one");
        }
    }

    /** Output replaces output of its own kind; a whole audit (a merge) may also take the place of one of its shards. */
    private static boolean mayReplace(String kind, String held) {
        return held.equals(kind) || (kind.equals("audit") && held.equals("audit shard"));
    }

    private static String withArticle(String kind) {
        return (kind.startsWith("a") ? "an " : "a ") + kind;
    }

    /** A kill between the two renames left no {@code target}: put the previous output back. */
    private static void restoreInterruptedSwap(Path parent, String name, Path target) throws IOException {
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Optional<Path> old = strays(parent, name).stream()
                .filter(p -> p.getFileName().toString().startsWith("." + name + OLD) && isOurs(p))
                .findFirst();
        if (old.isPresent()) {
            move(old.get(), target);
        }
    }

    /**
     * The temporary siblings of {@code name} left by runs that are no longer alive: ours by name and
     * by content (the marker, or nothing yet). In name order.
     */
    private static List<Path> strays(Path parent, String name) throws IOException {
        try (Stream<Path> s = Files.list(parent)) {
            return s.filter(p -> isTemporaryName(p.getFileName().toString(), name))
                    .filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> isEmpty(p) || isOurs(p))
                    .sorted()
                    .toList();
        }
    }

    private static boolean isTemporaryName(String file, String name) {
        for (String kind : List.of(NEW, OLD)) {
            String prefix = "." + name + kind;
            if (file.startsWith(prefix)) {
                try {
                    long pid = Long.parseLong(file.substring(prefix.length()));
                    // A live run's directory is not a stray; our own is (an earlier call failed).
                    return pid == PID || ProcessHandle.of(pid).map(ph -> !ph.isAlive()).orElse(true);
                } catch (NumberFormatException e) {
                    return false;
                }
            }
        }
        return false;
    }

    private static boolean isOurs(Path dir) {
        return Files.isRegularFile(dir.resolve(MARKER), LinkOption.NOFOLLOW_LINKS);
    }

    private static boolean isEmpty(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir + ": " + IoProblems.describe(e), e);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Deletes a directory tree if it exists, quietly (what cannot be deleted stays). */
    public static void deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // best effort: a leftover is recognised and removed by the next run
        }
    }
}
