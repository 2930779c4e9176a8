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
 *
 * <p>The predictions are written as a real submission holds them ({@link Predictions#SUBMISSION}, the
 * default): the answers in the styles real model outputs take (for LongQA the letter alone, "B.",
 * "(C)", "Answer:D", "The answer is A.", "I think\nthe answer\nis A.", "N/A", an empty placeholder, a
 * sentence that ignores the options, a refusal of a few hundred characters; for ConvQA answers from two
 * words to a few sentences, refusals, lists, quotes and non-ASCII; for proactive utterances of up to
 * ~150 words, tags with stray white space or the wrong case, untagged text), the rows shuffled, and a
 * few sessions and conversations answered short or long. LongQA and ConvQA also miss about 3% of the
 * golden rows and carry rows for ids golden does not have (LongQA also a few duplicates and the starter
 * kit's {@code {"video_path", "mcq_answer": ""}} placeholders). LongQA predictions carry the whole golden
 * row, as the starter kit's {@code pred = dict(row)} writes them; ConvQA and proactive only
 * {@code video_path} and {@code answers}. ConvQA gains as many rows as it loses (with other counts
 * released pairs on {@code task}, which the starter kit does not write, and raises); proactive has
 * every golden session once (both scorers refuse any other set: released a different count, fixed an
 * unknown id).
 * {@link Predictions#ALIGNED} writes what the generator wrote before: one prediction per golden row, in
 * golden order, mostly bare letters. The golden files are the same bytes either way.
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

    /** How the predictions are written. */
    public enum Predictions {
        /** One per golden row, in golden order, the short answers of a well-behaved model. */
        ALIGNED,
        /** As real submissions hold them: real answer styles, shuffled, a few percent missing and extra. */
        SUBMISSION
    }

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

    /** {@link #generate(Path, long, int, Predictions)} with predictions as a real submission holds them. */
    public static Files3 generate(Path outDir, long seed, int scale) {
        return generate(outDir, seed, scale, Predictions.SUBMISSION);
    }

    /**
     * {@link #generate(Path, long)} with {@code scale × 700} rows per task (and scale × the turn and chunk
     * totals), the predictions written as {@code predictions} says.
     */
    public static Files3 generate(Path outDir, long seed, int scale, Predictions predictions) {
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
        boolean real = predictions == Predictions.SUBMISSION;
        longqa(new Random(seed * 31 + 1), ids, used, rows, f.longqaGolden(),
                new PredOut(f.longqaPreds(), real ? new Random(seed * 31 + 11) : null));
        convqa(new Random(seed * 31 + 2), ids, used, rows, CONVQA_TURNS * scale, f.convqaGolden(),
                new PredOut(f.convqaPreds(), real ? new Random(seed * 31 + 12) : null));
        proactive(new Random(seed * 31 + 3), ids, used, rows, PROACTIVE_CHUNKS * scale, f.proactiveGolden(),
                new PredOut(f.proactivePreds(), real ? new Random(seed * 31 + 13) : null));
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

    private static void longqa(Random r, Random ids, Set<String> used, int rows, Path golden, PredOut preds) {
        try (Out g = new Out(golden); PredOut p = preds) {
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
                Random q = p.real;
                if (q == null) {
                    ObjectNode pr = F.objectNode();
                    pr.put("video_path", vp);
                    pr.put("mcq_answer", text);
                    p.line(pr);
                    continue;
                }
                int fate = q.nextInt(1000);
                if (fate < 30) {
                    continue; // missing
                }
                if (fate < 35) { // the starter kit's placeholder for a worker's missing row
                    ObjectNode pr = F.objectNode();
                    pr.put("video_path", vp);
                    pr.put("mcq_answer", "");
                    p.line(pr);
                    continue;
                }
                // pred = dict(row); pred["mcq_answer"] = response: the golden row, its answer replaced in place
                ObjectNode pr = row.deepCopy();
                pr.put("mcq_answer", mcqAnswer(q, said, options));
                p.line(pr);
                if (fate < 40) { // a resumed run that wrote the row again
                    ObjectNode again = row.deepCopy();
                    again.put("mcq_answer", mcqAnswer(q, (char) ('A' + q.nextInt(4)), options));
                    p.line(again);
                }
            }
            if (p.real != null) {
                Random q = p.real;
                for (int i = 0, n = Math.max(1, rows / 50); i < n; i++) { // ids golden does not have
                    String[] options = new String[4];
                    StringBuilder opts = new StringBuilder();
                    for (int k = 0; k < 4; k++) {
                        options[k] = "A " + words(q, 8, 13);
                        opts.append(k > 0 ? " " : "").append((char) ('A' + k)).append(". ").append(options[k]);
                    }
                    ObjectNode pr = F.objectNode();
                    pr.put("video_path", unknownId(q, used));
                    pr.put("question", "After I " + words(q, 12, 20) + ", what " + words(q, 5, 9) + "?");
                    pr.put("answer", options[0]);
                    pr.put("mcq_options", opts.toString());
                    pr.put("mcq_answer", mcqAnswer(q, (char) ('A' + q.nextInt(4)), options));
                    pr.put("category", LONGQA_CATEGORIES[q.nextInt(LONGQA_CATEGORIES.length)]);
                    p.line(pr);
                }
            }
        }
    }

    /** An id golden does not have (from another split), unique among the ones written. */
    private static String unknownId(Random q, Set<String> used) {
        while (true) {
            String id = String.format(Locale.ROOT, "%016x.mp4", q.nextLong());
            if (!used.contains(id) && used.add("extra:" + id)) {
                return id;
            }
        }
    }

    /** The first {@code n} words of {@code s} (a reply cut off by its token budget). */
    private static String firstWords(String s, int n) {
        int at = 0;
        for (int k = 0; k < n; k++) {
            int sp = s.indexOf(' ', at);
            if (sp < 0) {
                return s;
            }
            at = sp + 1;
        }
        return s.substring(0, at - 1);
    }

    private static final String[] REFUSALS = {
        "As an AI language model, I don't have the ability to watch videos or see physical objects. However, based "
                + "on your question, it seems like you're describing something you saw on your walk. If you can provide "
                + "more details about what you mentioned, I'd be happy to help you identify it.",
        "I'm sorry, but I can't determine that from the video. The frames I was given don't show it clearly.",
        "I cannot determine the answer from the video.",
        "Unfortunately, the video does not provide enough information to answer this question with certainty. It "
                + "would be best to review the footage again or provide additional context."};

    /** A LongQA reply in one of the styles real models write, saying {@code said} (or nothing). */
    private static String mcqAnswer(Random q, char said, String[] options) {
        String lo = String.valueOf(Character.toLowerCase(said));
        String option = options[said - 'A'];
        int k = q.nextInt(100);
        if (k < 30) {
            return String.valueOf(said);
        } else if (k < 36) {
            return said + ".";
        } else if (k < 39) {
            return said + ")";
        } else if (k < 44) {
            return firstWords(said + ". " + option, 10);
        } else if (k < 47) {
            return "(" + said + ")";
        } else if (k < 50) {
            return "Answer: " + said;
        } else if (k < 52) {
            return "Answer:" + said;
        } else if (k < 55) {
            return q.nextBoolean() ? "Option " + said : "option " + lo + ".";
        } else if (k < 59) {
            return "The answer is " + said + ".";
        } else if (k < 61) {
            return "The correct answer is (" + said + ").";
        } else if (k < 63) {
            return "I think\nthe answer\nis " + said + ".";
        } else if (k < 65) {
            return "**" + said + "**";
        } else if (k < 67) {
            return " " + lo + "\n";
        } else if (k < 69) {
            return said + "\n\nExplanation: " + sentence(q, 8, 30);
        } else if (k < 71) {
            return "N/A";
        } else if (k < 73) {
            return "";
        } else if (k < 85) {
            return "The " + words(q, 3, 8) + " I saw was " + words(q, 2, 6) + ".";
        } else if (k < 90) {
            return REFUSALS[q.nextInt(REFUSALS.length)];
        } else if (k < 93) {
            return "Based on the video, the answer is " + said + ": " + option.substring(2);
        } else if (k < 95) {
            return said + " \u2014 " + option;
        } else if (k < 98) {
            return "I\u2019m not sure, but I\u2019d say " + said + ".";
        } else {
            return "Answer: " + said + "\nAnswer: " + said + "\nAnswer:";
        }
    }

    private static void convqa(Random r, Random ids, Set<String> used, int rows, int totalTurns, Path golden,
                               PredOut preds) {
        try (Out g = new Out(golden); PredOut p = preds) {
            int[] turnCounts = counts(r, rows, 2, 11, totalTurns);
            int missing = 0;
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
                Random q = p.real;
                if (q != null) {
                    if (q.nextInt(100) < 3) {
                        missing++;
                        continue;
                    }
                    ArrayNode styled = F.arrayNode();
                    for (int j = 0; j < predAnswers.size(); j++) {
                        styled.add(convAnswer(q, predAnswers.get(j).textValue(), answers.get(j).textValue()));
                    }
                    int odd = q.nextInt(100);
                    if (odd < 2 && styled.size() > 1) {
                        styled.remove(styled.size() - 1);
                    } else if (odd < 3) {
                        styled.add(convAnswer(q, sentence(q, 5, 20), sentence(q, 5, 20)));
                    }
                    predAnswers = styled;
                }
                ObjectNode pr = F.objectNode();
                pr.put("video_path", vp);
                pr.set("answers", predAnswers);
                p.line(pr);
            }
            Random q = p.real;
            for (int i = 0; q != null && i < missing; i++) { // as many ids golden does not have
                ArrayNode a = F.arrayNode();
                for (int j = 0, n = 2 + q.nextInt(10); j < n; j++) {
                    a.add(convAnswer(q, sentence(q, 5, 30), sentence(q, 5, 30)));
                }
                ObjectNode pr = F.objectNode();
                pr.put("video_path", unknownId(q, used));
                pr.set("answers", a);
                p.line(pr);
            }
        }
    }

    /** A ConvQA reply in one of the styles real models write; {@code plain} is the generator's plain answer. */
    private static String convAnswer(Random q, String plain, String gold) {
        int k = q.nextInt(100);
        if (k < 30) {
            return plain;
        } else if (k < 45) {
            return sentence(q, 3, 12);
        } else if (k < 50) {
            return words(q, 1, 3);
        } else if (k < 65) {
            StringBuilder sb = new StringBuilder(sentence(q, 10, 25));
            for (int n = 1 + q.nextInt(3); n > 0; n--) {
                sb.append(' ').append(sentence(q, 8, 30));
            }
            return sb.toString();
        } else if (k < 70) {
            return REFUSALS[q.nextInt(REFUSALS.length)];
        } else if (k < 75) {
            return q.nextBoolean() ? (q.nextBoolean() ? "Yes." : "No.") : "Yes, " + words(q, 4, 12) + ".";
        } else if (k < 80) {
            return "1. " + sentence(q, 3, 10) + "\n2. " + sentence(q, 3, 10) + "\n3. " + sentence(q, 3, 10);
        } else if (k < 85) {
            return q.nextBoolean() ? "It says \"" + words(q, 2, 5) + "\" on the sign."
                    : "It\u2019s the caf\u00e9 on the " + words(q, 1, 3) + " \u2014 next to the " + words(q, 1, 3) + ".";
        } else if (k < 88) {
            return "";
        } else if (k < 90) {
            return "I'm sorry, I can't see that in the video.";
        } else if (k < 95) {
            return "Sure! " + gold;
        } else {
            return "The answer is " + gold.toLowerCase(Locale.ROOT);
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
                                  PredOut preds) {
        try (Out g = new Out(golden); PredOut p = preds) {
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
                    String plain = predInterrupt
                            ? (r.nextBoolean() ? "$interrupt$ " : "$interrupt$") + sentence(r, 3, 10)
                            : r.nextInt(20) == 0 ? "  $silent$" : "$silent$";
                    predAnswers.add(p.real == null ? plain : proactiveAnswer(p.real, predInterrupt, plain));
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
                Random q = p.real;
                if (q != null) {
                    // Every session is there once: both scorers refuse a file that is not exactly golden's sessions.
                    int fate = q.nextInt(100);
                    if (fate < 2) { // a session cut short
                        for (int k = 1 + q.nextInt(3); k > 0 && predAnswers.size() > 1; k--) {
                            predAnswers.remove(predAnswers.size() - 1);
                        }
                    } else if (fate < 3) { // one chunk too many
                        predAnswers.add(proactiveAnswer(q, false, "$silent$"));
                    }
                }
                ObjectNode pr = F.objectNode();
                pr.put("video_path", vp);
                pr.set("answers", predAnswers);
                p.line(pr);
            }
        }
    }

    /** A proactive reply for a chunk in one of the styles real models write; {@code plain} the generator's plain one. */
    private static String proactiveAnswer(Random q, boolean interrupt, String plain) {
        int k = q.nextInt(100);
        if (interrupt) {
            if (k < 60) {
                return "$interrupt$ " + sentence(q, 5, 30);
            } else if (k < 75) {
                StringBuilder sb = new StringBuilder("$interrupt$ ").append(sentence(q, 10, 40));
                for (int n = 1 + q.nextInt(3); n > 0; n--) {
                    sb.append(' ').append(sentence(q, 10, 35));
                }
                return sb.toString();
            } else if (k < 80) {
                return "$interrupt$" + sentence(q, 5, 20);
            } else if (k < 85) {
                return " $interrupt$\n" + sentence(q, 5, 20);
            } else if (k < 90) {
                return plain;
            } else if (k < 93) {
                return "$Interrupt$ " + sentence(q, 5, 20);
            } else if (k < 96) {
                return "Sure! $interrupt$ " + sentence(q, 5, 20);
            } else if (k < 98) {
                return "**$interrupt$** " + sentence(q, 5, 20);
            }
            return sentence(q, 5, 25);
        }
        if (k < 85) {
            return "$silent$";
        } else if (k < 90) {
            return plain;
        } else if (k < 93) {
            return "$silent$\n";
        } else if (k < 95) {
            return "Silent";
        } else if (k < 97) {
            return "$silent";
        } else if (k < 98) {
            return "";
        } else if (k < 99) {
            return "(no response)";
        }
        return "$silent$ $silent$";
    }

    /**
     * The predictions file: with no {@code real} random, each row written as it comes (golden order);
     * else the rows are held and written shuffled by {@code real} when it is closed.
     */
    static final class PredOut implements AutoCloseable {
        final Random real;
        private final Path path;
        private final Out direct;
        private final List<String> lines = new ArrayList<>();

        PredOut(Path path, Random real) {
            this.path = path;
            this.real = real;
            this.direct = real == null ? new Out(path) : null;
        }

        void line(com.fasterxml.jackson.databind.JsonNode row) {
            if (direct != null) {
                direct.line(row);
            } else {
                lines.add(PyJson.dumps(row, PyJson.DUMPS));
            }
        }

        @Override
        public void close() {
            if (direct != null) {
                direct.close();
                return;
            }
            java.util.Collections.shuffle(lines, real);
            try (Out o = new Out(path)) {
                for (String l : lines) {
                    o.text(l);
                }
            }
            lines.clear();
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

        /** A line already encoded. */
        void text(String line) {
            try {
                w.write(line);
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
