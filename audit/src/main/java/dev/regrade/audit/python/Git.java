package dev.regrade.audit.python;

import dev.regrade.api.BadInputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Read-only {@code git} plumbing in the user's checkout ({@code git -C CHECKOUT …}): rev-parse,
 * ls-tree, cat-file, diff-tree, log, for-each-ref, grep on a revision. Nothing here writes to the
 * repository: no checkout, no index, no refs; optional locks are off, and the caller's GIT_DIR,
 * GIT_WORK_TREE and GIT_INDEX_FILE cannot redirect it elsewhere.
 */
final class Git {
    private final Path checkout;

    /** What a command gave: its exit status, its output bytes and its error text. */
    record Result(int status, byte[] out, String err) {
        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }

        /** The output's lines (without the last empty one). */
        List<String> lines() {
            String t = text();
            return t.isEmpty() ? List.of() : List.of(t.split("\n"));
        }

        /** The output's NUL-terminated records. */
        List<String> records() {
            String t = text();
            return t.isEmpty() ? List.of() : List.of(t.split("\0"));
        }
    }

    Git(Path checkout) {
        this.checkout = checkout;
    }

    /** Runs {@code git args…}; any exit status. */
    Result run(List<String> args, byte[] stdin) {
        List<String> cmd = new ArrayList<>(List.of("git", "--no-optional-locks", "-C", checkout.toString()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        for (String v : List.of("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
                "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE")) {
            pb.environment().remove(v);
        }
        pb.environment().put("GIT_TERMINAL_PROMPT", "0");
        pb.environment().put("LC_ALL", "C");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new BadInputException("git: cannot start (" + e.getMessage() + "); --base/--head read the "
                    + "revisions with git, which must be on PATH");
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread errReader = pump(p.getErrorStream(), err);
        // stdin is written while stdout is read, so a large batch cannot fill both pipes
        Thread writer = new Thread(() -> {
            try (OutputStream o = p.getOutputStream()) {
                if (stdin != null) {
                    o.write(stdin);
                }
            } catch (IOException e) {
                // git stopped reading: its status says why
            }
        }, "regrade-git-stdin");
        writer.setDaemon(true);
        writer.start();
        try (InputStream in = p.getInputStream()) {
            byte[] out = in.readAllBytes();
            int status = p.waitFor();
            writer.join();
            errReader.join();
            return new Result(status, out, err.toString(StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running git", e);
        }
    }

    /** Runs {@code git args…}; a non-zero status is an error naming the command and git's message. */
    Result check(String... args) {
        Result r = run(List.of(args), null);
        if (r.status() != 0) {
            throw new IllegalStateException("git " + String.join(" ", args) + " in " + checkout + " failed (status "
                    + r.status() + "): " + r.err());
        }
        return r;
    }

    private static Thread pump(InputStream s, ByteArrayOutputStream into) {
        Thread t = new Thread(() -> {
            try (s) {
                s.transferTo(into);
            } catch (IOException e) {
                // the child is gone
            }
        }, "regrade-git-stderr");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
