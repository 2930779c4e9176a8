package dev.regrade.vereval;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A synthetic stand-in for the WearerText test split, of the real size and in the real format: 1,391
 * questions, 13 tasks × 107, 107 videos (each video has one question per task), IDs
 * {@code <level>_<task>_<8 hex>}, Chinese question and answer text, bare {@code VID_…mp4} names,
 * written as {@code data/test.json} is (a JSON array, indent 2, keys task_id, task_name, level,
 * question_id, question, answer, video_path; sorted by task, then ID), plus {@code tasks.json} and
 * {@code release-summary.json}. The questions are invented; nothing of the real benchmark is copied.
 * {@link #writePredictions} adds a predictions file to run VerEval on.
 */
public final class SyntheticBenchmark {
    /** The 13 task IDs, in release order. */
    public static final List<String> TASKS = List.of("L1.1", "L1.2", "L2.1", "L2.2", "L2.3", "L2.4", "L2.5",
            "L3.1", "L3.2", "L3.3", "L3.4", "L3.5", "L3.6");
    /** The task names of the release (L2.5 and L3.3 as named after the swap). */
    public static final List<String> NAMES = List.of("Dynamic Text Recognition (DTR)",
            "Dynamic Text Localization (DTL)", "Query-Guided Text Extraction (QTE)", "Confirmation (CF)",
            "Cross-Lingual Understanding (CLU)", "Situated Semantic Interpretation (SSI)",
            "Wearer-Centered Situational Inference (WSI)", "History-Conditioned Intent Inference (HII)",
            "Action-Trajectory Intent Prediction (AIP)", "Structured Text Synthesis (STS)",
            "Spatio-Temporal Navigation Reasoning (STN)", "Goal-Oriented Comparison (GOC)",
            "Viewpoint Trajectory Description (VTD)");
    public static final int VIDEOS = 107;
    public static final int QUESTIONS = TASKS.size() * VIDEOS;

    private static final String[] COLOURS = {"红色", "蓝色", "绿色", "白色", "黑色", "黄色", "橙色"};
    private static final String[] PLACES = {"我正前方", "我左边", "我右边", "我头顶上方", "我面前", "我脚底下"};
    private static final String[] THINGS = {"招牌", "指示牌", "海报", "横幅", "展板", "灯箱", "屏幕"};
    private static final String[] WORDS = {"北广场", "南进站口", "健康护理", "出租车候车区", "地铁", "寄存处",
            "无障碍电梯", "公共卫生间", "咖啡", "书店", "烤鸭", "面馆", "服务中心", "售票处"};

    private SyntheticBenchmark() {
    }

    /**
     * Writes {@code test.json}, {@code tasks.json} and {@code release-summary.json} into {@code dir}
     * (created if needed); the same seed gives the same bytes.
     *
     * @return the path of {@code test.json}
     */
    public static Path generate(Path dir, long seed) {
        return generate(dir, seed, 1);
    }

    /**
     * {@link #generate(Path, long)} with {@code scale × 107} videos (so {@code scale × 1,391} questions; for
     * the benchmark). Scale 1 is the real size, byte for byte what {@link #generate(Path, long)} writes.
     */
    public static Path generate(Path dir, long seed, int scale) {
        if (scale < 1 || scale > 1_000) {
            throw new IllegalArgumentException("scale must be 1 to 1000, not " + scale);
        }
        int videoCount = VIDEOS * scale;
        SplittableRandom rnd = new SplittableRandom(seed);
        List<String> videos = new ArrayList<>();
        Set<String> seenVideos = new HashSet<>();
        while (videos.size() < videoCount) {
            String v = String.format("VID_202504%02d_%02d%02d%02d.mp4", 24 + rnd.nextInt(7), 9 + rnd.nextInt(9),
                    rnd.nextInt(60), rnd.nextInt(60));
            if (seenVideos.add(v)) {
                videos.add(v);
            }
        }
        Set<String> usedIds = new HashSet<>();
        Set<String> usedQuestions = new LinkedHashSet<>();
        ArrayNode rows = VerEvalJson.F.arrayNode();
        for (int t = 0; t < TASKS.size(); t++) {
            String task = TASKS.get(t);
            List<ObjectNode> taskRows = new ArrayList<>();
            for (int v = 0; v < videoCount; v++) {
                String id;
                do {
                    id = task.charAt(1) + "_" + task + "_" + String.format("%08x", rnd.nextInt() & 0xffffffffL);
                } while (!usedIds.add(id));
                String question;
                int salt = 0;
                do {
                    question = PLACES[rnd.nextInt(PLACES.length)] + "那个" + COLOURS[rnd.nextInt(COLOURS.length)]
                            + THINGS[rnd.nextInt(THINGS.length)] + "上，" + prompt(t, rnd)
                            + (salt++ > 0 ? "（第" + salt + "处）" : "") + "？";
                } while (!usedQuestions.add(question));
                String answer = WORDS[rnd.nextInt(WORDS.length)] + (rnd.nextBoolean() ? "。" : " "
                        + (1 + rnd.nextInt(500)) + "米");
                ObjectNode row = VerEvalJson.F.objectNode();
                row.put("task_id", task);
                row.put("task_name", NAMES.get(t));
                row.put("level", task.charAt(1) - '0');
                row.put("question_id", id);
                row.put("question", question);
                row.put("answer", answer);
                row.put("video_path", videos.get(v));
                taskRows.add(row);
            }
            taskRows.sort((a, b) -> a.get("question_id").textValue().compareTo(b.get("question_id").textValue()));
            taskRows.forEach(rows::add);
        }
        ArrayNode tasks = VerEvalJson.F.arrayNode();
        for (int t = 0; t < TASKS.size(); t++) {
            ObjectNode o = tasks.addObject();
            o.put("id", TASKS.get(t));
            o.put("name", NAMES.get(t));
            o.put("definition", "Synthetic stand-in definition for " + NAMES.get(t) + ".");
        }
        ObjectNode summary = VerEvalJson.F.objectNode();
        summary.put("split", "test");
        summary.put("questions", TASKS.size() * videoCount);
        summary.put("videos", videoCount);
        ObjectNode counts = summary.putObject("task_counts");
        TASKS.forEach(t -> counts.put(t, videoCount));
        try {
            Files.createDirectories(dir);
            Path test = dir.resolve("test.json");
            Files.write(test, (PyJson.dumps(rows, VerEvalJson.FILE) + "\n").getBytes(StandardCharsets.UTF_8));
            Files.write(dir.resolve("tasks.json"), (PyJson.dumps(tasks, VerEvalJson.FILE) + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            Files.write(dir.resolve("release-summary.json"), (PyJson.dumps(summary, VerEvalJson.FILE) + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            return test;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes VerEval predictions for a benchmark written by {@link #generate}: JSONL, one
     * {@code {"question_id", "prediction"}} per question in benchmark order, the ground truth as the
     * prediction.
     *
     * @return the number of predictions
     */
    public static int writePredictions(Path test, Path predictions) {
        List<ObjectNode> rows = Rows.load(test);
        StringBuilder jsonl = new StringBuilder();
        for (ObjectNode r : rows) {
            ObjectNode p = VerEvalJson.F.objectNode();
            p.set("question_id", r.get("question_id"));
            p.set("prediction", r.get("answer"));
            jsonl.append(PyJson.dumps(p, VerEvalJson.TEXT)).append('\n');
        }
        try {
            Files.writeString(predictions, jsonl, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows.size();
    }

    private static String prompt(int task, SplittableRandom rnd) {
        String[] asks = {"写的是什么字", "那行字在哪个位置", "提到了哪些信息", "是不是写着四楼", "英文缩写是什么意思",
                "这句标语想表达什么", "这里适合请朋友吃饭吗", "结合刚才看到的，我现在想找什么", "我下一步是不是要去那边",
                "帮我把整张列表翻译成英文", "怎么走最快", "和另一家比哪个更合适", "我的视角是怎么变化的"};
        return asks[task] + "（" + (1 + rnd.nextInt(99)) + "）";
    }
}
