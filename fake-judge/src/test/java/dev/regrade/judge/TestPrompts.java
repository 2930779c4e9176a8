package dev.regrade.judge;

import dev.regrade.rubric.Prompts;
import dev.regrade.rubric.port.JudgeRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Verification prompts written from the original's templates, as the engine writes them. */
public final class TestPrompts {
    public static final String TASK = "Find three gas stations on the way from Atlanta to Los Angeles.";
    public static final String ANSWER = "1. Shell, 100 Main St (https://example.test/shell)\n2. BP ...";

    private TestPrompts() {
    }

    public static String simple(String claim) {
        return Prompts.format(Prompts.VERIFY_SIMPLE, Map.of("task_description", TASK, "answer", ANSWER,
                "claim", claim, "additional_instruction", "None"));
    }

    public static String page(String claim, String url, String webText) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("task_description", TASK);
        v.put("answer", ANSWER);
        v.put("claim", claim);
        v.put("additional_instruction", "None");
        v.put("web_text", webText);
        v.put("url", url);
        return Prompts.format(Prompts.VERIFY_URL, v);
    }

    /** A simple check, content sent as a plain string. */
    public static JudgeRequest simpleRequest(String node, String claim, int vote) {
        return new JudgeRequest(node, claim, null, simple(claim), List.of(), false, vote);
    }

    /** A page check, content sent as parts, with screenshots. */
    public static JudgeRequest pageRequest(String node, String claim, String url, String webText, List<String> shots,
                                           int vote) {
        String prompt = page(claim, url, webText);
        return new JudgeRequest(node, claim, url, shots.isEmpty() ? prompt : prompt + Prompts.SCREENSHOT_SUFFIX, shots,
                true, vote);
    }
}
