package dev.regrade.wearable;

import java.util.List;

/**
 * Initialises, on a second thread, the classes a {@code score} run will use, while the command line is
 * parsed on the first: building Jackson's mappers, compiling the scorers' patterns and the like take
 * about a tenth of a second of a start that the originals do not pay twice. Only class initialisation
 * happens there (nothing is read or written), and the run waits for it before it starts.
 */
public final class Warmup {
    /** Package-private for WarmupTest: a name that no longer matches a class would silently warm nothing. */
    static final List<String> COMMON = List.of(
            "dev.regrade.pycompat.PyJson", "dev.regrade.wearable.io.LineParser", "dev.regrade.wearable.io.RowScanner",
            "dev.regrade.wearable.io.JsonlReader", "dev.regrade.wearable.io.IndexedRows", "dev.regrade.wearable.io.HeldRows",
            "dev.regrade.wearable.Pairing", "dev.regrade.wearable.io.PerRow", "dev.regrade.wearable.io.Utf8Sink",
            "dev.regrade.pycompat.PyJsonValue", "dev.regrade.pycompat.PyStr", "dev.regrade.pycompat.PyRound");

    private final Thread thread;

    private Warmup(List<String> classes) {
        thread = new Thread(() -> {
            ClassLoader loader = Warmup.class.getClassLoader();
            for (String c : classes) {
                try {
                    Class.forName(c, true, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    return; // the run itself meets whatever this met
                }
            }
        }, "regrade-warmup");
        thread.setDaemon(true);
        thread.start();
    }

    /** Starts initialising what {@code regrade score TASK} uses (task as typed: an unknown one warms the common part). */
    public static Warmup start(String task) {
        String scorer = switch (task) {
            case "proactive" -> "dev.regrade.wearable.ProactiveScorer";
            case "longqa" -> "dev.regrade.wearable.LongQaScorer";
            case "convqa" -> "dev.regrade.wearable.ConvQaScorer";
            default -> null;
        };
        List<String> classes = new java.util.ArrayList<>(COMMON);
        if (scorer != null) {
            classes.add(scorer);
        }
        return new Warmup(classes);
    }

    /** Waits until the classes are initialised. */
    public void await() {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
