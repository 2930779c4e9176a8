package dev.regrade.wearable;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyJson;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * Deterministic synthetic val sets in the challenge's JSONL formats, at the real val scale: 700 LongQA
 * rows, 700 ConvQA conversations (about 4,400 turns), 700 proactive sessions (about 9,900 chunks), each
 * with a plausible model's predictions, or {@code scale} times that (for the benchmark: 100× is
 * 70,000 sessions and about a million chunks). Golden rows carry every field of the real val files,
 * with about their sizes (the scorers parse whole lines, so thin rows would flatter them): LongQA
 * about 620 bytes a row (questions of ~150 characters, options of ~270), ConvQA about 5.9 KB (answers
 * of ~170 characters, a dialog of ~27 entries with the small talk between the questions), proactive
 * about 6.8 KB (the cumulative dialog before each chunk, turns as {role, text} in the dataset card's
 * schema). Lines are written as Python's {@code json.dumps(row)} writes them. Same seed and scale, same
 * bytes; scale 1 is the real val scale.
 */
public final class WearableGenerator {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    public static final int ROWS = 700;
    /** Turns over the 700 ConvQA conversations (the real val set has about this many). */
    public static final int CONVQA_TURNS = 4415;
    /** Chunks over the 700 proactive sessions (the real val set has about this many). */
    public static final int PROACTIVE_CHUNKS = 9935;

    private static final String[] WORDS = ("the a person hand table kitchen bowl knife cup glass street shop bag "
            + "camera phone map ticket train bus window door red blue green small large left right near "
            + "behind front open close pick place hold walk look turn cut pour mix stir paint glue bead "
            + "tile coaster paper brush market museum café bridge river park bench sign price menu — "
            + "two three four first then after before while during because").split(" ");
    /** The real val set's LongQA categories and ConvQA task tags. */
    private static final String[] LONGQA_CATEGORIES = {"Daily Activities", "Sightseeing", "Travel-Tourism",
        "Shopping", "Travel-Sightseeing (Outdoors)", "Travel-Sightseeing (Indoors)", "Hiking-Outdoors",
        "Hobbies-Daily Activities", "Gardening", "Pets, social gatherings with friends and family",
        "Outdoor Activities and Sports", "Events", "Fashion Advice"};
    private static final String[] CONV_TASKS = {"IndoorOutdoorActivities", "Sightseeing", "Tourism", "Shopping",
        "DailyActivities", "Cooking", "HomeDIY", "Hobbies", "Sports", "FashionStyle", "Homework", "DanceExercise",
        "Gardening", "Events"};
    /** ConvQA question types, about as often as in the real val set's dialogs. */
    private static final String[] QUESTION_TYPES = {"Multimodal_relevant", "Multimodal_relevant",
        "Multimodal_relevant", "Unimodal_relevant", "Unimodal_relevant", "Multiturn"};
    private static final String[] DOMAINS = {"Arts and Crafts", "Cooking", "Home Repair", "Fitness", "Gardening"};
    private static final String[] CRAFT_TASKS = {"Creating a mosaic coaster with glass gems",
        "Making a bead bracelet", "Painting a ceramic mug", "Folding an origami crane", "Baking banana bread",
        "Making a tomato salad", "Fixing a leaking tap", "Assembling a bookshelf", "Stretching routine",
        "Repotting a succulent"};

    /** The files written, per task: golden and predictions. */
    public record Files3(Path longqaGolden, Path longqaPreds, Path convqaGolden, Path convqaPreds,
                         Path proactiveGolden, Path proactivePreds) {
    }

    private WearableGenerator() {
    }

    /**
     * Writes {@code outDir/<config>/wearable_ai_2026_<config>_val_700.jsonl} and
     * {@code outDir/<config>/predictions.jsonl} for egolongqa, egoconv and egoproactive.
     */
    public static Files3 generate(Path outDir, long seed) {
        return generate(outDir, seed, 1);
    }

    /** {@link #generate(Path, long)} with {@code scale × 700} rows per task (and scale × the turn and chunk totals). */
    public static Files3 generate(Path outDir, long seed, int scale) {
        if (scale < 1 || scale > 10_000) {
            throw new IllegalArgumentException("scale must be 1 to 10000, not " + scale);
        }
        Path lq = outDir.resolve("egolongqa");
        Path cq = outDir.resolve("egoconv");
        Path pa = outDir.resolve("egoproactive");
        Files3 f = new Files3(golden(lq, "egolongqa"), lq.resolve("predictions.jsonl"), golden(cq, "egoconv"),
                cq.resolve("predictions.jsonl"), golden(pa, "egoproactive"), pa.resolve("predictions.jsonl"));
        Random ids = new Random(seed);
        Set<String> used = new HashSet<>();
        int rows = ROWS * scale;
        longqa(new Random(seed * 31 + 1), ids, used, rows, f.longqaGolden(), f.longqaPreds());
        convqa(new Random(seed * 31 + 2), ids, used, rows, CONVQA_TURNS * scale, f.convqaGolden(), f.convqaPreds());
        proactive(new Random(seed * 31 + 3), ids, used, rows, PROACTIVE_CHUNKS * scale, f.proactiveGolden(),
                f.proactivePreds());
        return f;
    }

    private static Path golden(Path dir, String config) {
        return dir.resolve("wearable_ai_2026_" + config + "_val_700.jsonl");
    }

    private static String videoId(Random r, Set<String> used) {
        while (true) {
            String id = String.format(Locale.ROOT, "%016x.mp4", r.nextLong());
            if (used.add(id)) {
                return id;
            }
        }
    }

    /** n counts in [min, max], uniform at first, then nudged one at a time until they sum to total. */
    private static int[] counts(Random r, int n, int min, int max, int total) {
        int[] c = new int[n];
        int sum = 0;
        for (int i = 0; i < n; i++) {
            c[i] = min + r.nextInt(max - min + 1);
            sum += c[i];
        }
        while (sum != total) {
            int i = r.nextInt(n);
            if (sum < total && c[i] < max) {
                c[i]++;
                sum++;
            } else if (sum > total && c[i] > min) {
                c[i]--;
                sum--;
            }
        }
        return c;
    }

    private static String words(Random r, int min, int max) {
        int n = min + r.nextInt(max - min + 1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(WORDS[r.nextInt(WORDS.length)]);
        }
        return sb.toString();
    }

    private static String sentence(Random r, int min, int max) {
        String w = words(r, min, max);
        return Character.toUpperCase(w.charAt(0)) + w.substring(1) + ".";
    }

    private static void longqa(Random r, Random ids, Set<String> used, int rows, Path golden, Path preds) {
        try (Out g = new Out(golden); Out p = new Out(preds)) {
            for (int i = 0; i < rows; i++) {
                String vp = videoId(ids, used);
                char letter = (char) ('A' + r.nextInt(4));
                String[] options = new String[4];
                StringBuilder opts = new StringBuilder();
                for (int k = 0; k < 4; k++) {
                    options[k] = "A " + words(r, 8, 13);
                    opts.append(k > 0 ? " " : "").append((char) ('A' + k)).append(". ").append(options[k]);
                }
                ObjectNode row = F.objectNode();
                row.put("video_path", vp);
                row.put("question", "After I " + words(r, 12, 20) + ", what " + words(r, 5, 9) + "?");
                row.put("answer", options[letter - 'A']);
                row.put("mcq_options", opts.toString());
                row.put("mcq_answer", String.valueOf(letter));
                row.put("category", LONGQA_CATEGORIES[r.nextInt(LONGQA_CATEGORIES.length)]);
                g.line(row);
                char said = r.nextInt(100) < 62 ? letter : (char) ('A' + r.nextInt(4));
                String text = switch (r.nextInt(8)) {
                    case 0 -> "The answer is " + said + ".";
                    case 1 -> "(" + said + ")";
                    case 2 -> "Option " + said;
                    case 3 -> said + ". " + options[said - 'A'];
                    case 4 -> Character.toLowerCase(said) + "";
                    default -> String.valueOf(said);
                };
                ObjectNode pr = F.objectNode();
                pr.put("video_path", vp);
                pr.put("mcq_answer", text);
                p.line(pr);
            }
        }
    }

    private static void convqa(Random r, Random ids, Set<String> used, int rows, int totalTurns, Path golden,
                               Path preds) {
        try (Out g = new Out(golden); Out p = new Out(preds)) {
            int[] turnCounts = counts(r, rows, 2, 11, totalTurns);
            for (int i = 0; i < rows; i++) {
                String vp = videoId(ids, used);
                int turns = turnCounts[i];
                double t = 0;
                ArrayNode intervals = F.arrayNode();
                ArrayNode questions = F.arrayNode();
                ArrayNode answers = F.arrayNode();
                ArrayNode dialog = F.arrayNode();
                ArrayNode predAnswers = F.arrayNode();
                for (int j = 0; j < turns; j++) {
                    double start = t + r.nextInt(20);
                    double end = start + 5 + r.nextInt(40);
                    t = end;
                    intervals.add(F.arrayNode().add(start).add(end));
                    String q = "What " + words(r, 5, 10) + "?";
                    String a = sentence(r, 22, 38);
                    questions.add(q);
                    answers.add(a);
                    // The small talk before a question, as in the real dialogs (P1 and P2 talking).
                    int chat = r.nextInt(5);
                    for (int k = 0; k < chat; k++) {
                        dialog.add(turn(sentence(r, 2, 14), "P" + (1 + r.nextInt(2)), start - chat + k, start - chat + k + 1,
                                null));
                    }
                    dialog.add(turn(q, "P1", start, start + 3, QUESTION_TYPES[r.nextInt(QUESTION_TYPES.length)]));
                    dialog.add(turn(a, "Assistant", start + 3, end, null));
                    if (r.nextInt(4) == 0) {
                        dialog.add(turn(sentence(r, 3, 12), "P1", end, end + 2, null));
                    }
                    predAnswers.add(switch (r.nextInt(5)) {
                        case 0 -> a;
                        case 1 -> a.substring(0, Math.max(1, a.length() / 2));
                        case 2 -> sentence(r, 10, 30);
                        case 3 -> a.toLowerCase(Locale.ROOT) + " " + words(r, 1, 5);
                        default -> r.nextInt(8) == 0 ? "" : sentence(r, 15, 35);
                    });
                }
                ObjectNode row = F.objectNode();
                row.put("video_path", vp);
                row.put("duration_in_sec", Math.ceil(t) + 2.5);
                row.set("video_intervals", intervals);
                row.set("questions", questions);
                row.set("answers", answers);
                row.put("task", CONV_TASKS[r.nextInt(CONV_TASKS.length)]);
                row.set("dialog", dialog);
                g.line(row);
                if (r.nextInt(25) == 0) {
                    predAnswers.remove(predAnswers.size() - 1); // a model that skipped the last turn
                }
                ObjectNode pr = F.objectNode();
                pr.put("video_path", vp);
                pr.set("answers", predAnswers);
                p.line(pr);
            }
        }
    }

    /** A ConvQA dialog entry, keys in the real file's order (question_type first where there is one). */
    private static ObjectNode turn(String text, String role, double start, double end, String type) {
        ObjectNode o = F.objectNode();
        if (type != null) {
            o.put("question_type", type);
        }
        o.put("text", text);
        o.put("role", role);
        o.put("start_time", mmss(Math.max(0, start)));
        o.put("end_time", mmss(Math.max(0, end)));
        return o;
    }

    /** A proactive dialog turn in the dataset card's schema: {role: "user"|"assistant", text}. */
    private static ObjectNode said(String role, String text) {
        ObjectNode o = F.objectNode();
        o.put("role", role);
        o.put("text", text);
        return o;
    }

    private static String mmss(double s) {
        int t = (int) s;
        return String.format(Locale.ROOT, "%02d:%02d", t / 60, t % 60);
    }

    private static void proactive(Random r, Random ids, Set<String> used, int rows, int totalChunks, Path golden,
                                  Path preds) {
        try (Out g = new Out(golden); Out p = new Out(preds)) {
            int[] chunkCounts = counts(r, rows, 4, 24, totalChunks);
            for (int i = 0; i < rows; i++) {
                String vp = videoId(ids, used);
                int chunks = chunkCounts[i];
                ArrayNode intervals = F.arrayNode();
                ArrayNode answers = F.arrayNode();
                ArrayNode dialog = F.arrayNode();
                ArrayNode predAnswers = F.arrayNode();
                List<ObjectNode> history = new ArrayList<>();
                String query = "Can you guide me through " + words(r, 2, 5) + "?";
                history.add(said("user", query));
                for (int j = 0; j < chunks; j++) {
                    intervals.add(F.arrayNode().add(j * 8.0).add((j + 1) * 8.0));
                    ArrayNode before = F.arrayNode();
                    for (ObjectNode h : history) {
                        before.add(h);
                    }
                    dialog.add(before);
                    boolean interrupt = j == 0 || r.nextInt(100) < 22;
                    String utterance = sentence(r, 9, 25);
                    answers.add(interrupt ? "$interrupt$ " + utterance : "$silent$");
                    if (interrupt) {
                        history.add(said("assistant", utterance));
                    }
                    boolean predInterrupt = r.nextInt(100) < (interrupt ? 58 : 12) ? true : false;
                    predAnswers.add(predInterrupt
                            ? (r.nextBoolean() ? "$interrupt$ " : "$interrupt$") + sentence(r, 3, 10)
                            : r.nextInt(20) == 0 ? "  $silent$" : "$silent$");
                }
                ObjectNode row = F.objectNode();
                row.put("video_path", vp);
                row.put("duration_in_sec", chunks * 8.0);
                row.set("video_intervals", intervals);
                row.put("query", query);
                int d = r.nextInt(DOMAINS.length);
                row.put("domain", DOMAINS[d]);
                row.put("task", CRAFT_TASKS[(d * 2 + r.nextInt(2)) % CRAFT_TASKS.length]);
                row.set("answers", answers);
                row.set("dialog", dialog);
                g.line(row);
                ObjectNode pr = F.objectNode();
                pr.put("video_path", vp);
                pr.set("answers", predAnswers);
                p.line(pr);
            }
        }
    }

    /** A JSONL writer: one {@code json.dumps(row)} per line. */
    static final class Out implements AutoCloseable {
        private final Writer w;

        Out(Path path) {
            try {
                Files.createDirectories(path.toAbsolutePath().getParent());
                w = new BufferedWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8), 1 << 16);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void line(com.fasterxml.jackson.databind.JsonNode row) {
            try {
                PyJson.dump(row, PyJson.DUMPS, 0, w);
                w.write('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            try {
                w.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
