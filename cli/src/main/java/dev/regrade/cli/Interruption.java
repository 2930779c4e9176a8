package dev.regrade.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What a Ctrl-C (SIGINT) or SIGTERM leaves, said on stderr as the process ends (exit 130 or 143, as
 * the signal gives). Commands say what they are doing: while they compute, nothing is written yet;
 * once they write an output directory, the write is let finish (it takes well under a second, and an
 * output directory is swapped in whole or not at all), so that an interruption never leaves the user
 * guessing whether the output is the old one or the new one.
 */
final class Interruption {
    /** How long an interrupted write is waited for before the process ends anyway. */
    static final long WRITE_GRACE_SECONDS = 20;

    private static volatile Supplier<String> now;
    private static volatile CountDownLatch writing;
    private static volatile String written;
    private static volatile String writtenMessage;
    private static volatile boolean installed;

    private Interruption() {
    }

    /** Installs the hook (once; the process's own {@code main} only, never in tests that call {@link Main#run}). */
    static synchronized void install(PrintStream err) {
        if (installed) {
            return;
        }
        installed = true;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            String said = onSignal();
            if (said != null) {
                err.println(said);
                err.flush();
            }
        }, "regrade-interruption"));
    }

    /** While a command computes: what a signal now leaves ({@code regrade CMD: …}, computed when it comes). */
    static void during(Supplier<String> message) {
        writing = null;
        now = message;
    }

    /**
     * The command starts writing {@code out}: a signal now waits for the write, then says what was kept.
     * {@code done} is what to say once it is written; {@code before} what the directory holds if the write
     * does not finish in time.
     */
    static void writing(String prefix, Path out) {
        written = null;
        writing = new CountDownLatch(1);
        now = () -> prefix + "interrupted while writing " + out + "; the write did not finish, so " + out
                + " holds its previous output (the partial new one is removed by the next run)";
        writtenMessage = prefix + "interrupted after the write: " + out + " holds this run's complete output";
    }

    /** The write of {@link #writing} is done. */
    static void writeDone() {
        written = writtenMessage;
        CountDownLatch w = writing;
        if (w != null) {
            w.countDown();
        }
    }

    /** The command ended by itself: a later signal has nothing to say. */
    static void finished() {
        now = null;
        writing = null;
    }

    /** What to print when the signal comes now (null: nothing), after letting a started write finish. */
    static String onSignal() {
        CountDownLatch w = writing;
        if (w != null) {
            try {
                if (w.await(WRITE_GRACE_SECONDS, TimeUnit.SECONDS)) {
                    return written;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Supplier<String> s = now;
        return s == null ? null : s.get();
    }
}
