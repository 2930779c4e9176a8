package dev.regrade.wearable;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.regrade.judge.server.ChatReply;
import dev.regrade.judge.server.ChatResponder;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Realistic ways a chat judge phrases its verdict, for the audit and for {@code judge serve}.
 * {@link #render(double)} turns the intended verdict (0.0, 0.5 or 1.0) into the reply text;
 * {@link #inProcess()} is a judge that rules each prompt with {@link #verdict(String)} and answers in
 * this style, and {@link #responder()} is the same judge for the fake judge server, which serves it
 * over HTTP to requests naming {@link #model()}. {@link #ruledResponder(JudgeStyle)} is the ConvQA
 * judge of {@code judge serve}, ruled by the server's verdict rules.
 */
public enum JudgeStyle {
    PLAIN("plain"),
    BOLD("bold (markdown)"),
    QUOTED("quoted"),
    BRACKETED("bracketed"),
    FRACTION("fraction"),
    DECIMAL_COMMA("decimal comma"),
    LEADING_POINT("leading decimal point"),
    PREAMBLE("preamble before Score:"),
    TRUNCATED("truncated at max_tokens"),
    OUT_OF_RANGE("0-10 scale (out of range)"),
    RATING("rating out of 5");

    /**
     * The styles the subject audit scores, one scenario each, in its table's order ({@link #RATING}
     * is served by {@code judge serve} only, so that the audit's table stays as published).
     */
    public static final List<JudgeStyle> AUDITED = List.of(PLAIN, BOLD, QUOTED, BRACKETED, FRACTION, DECIMAL_COMMA,
            LEADING_POINT, PREAMBLE, TRUNCATED, OUT_OF_RANGE);

    private static final String MODEL_PREFIX = "wearable-judge-";

    /** What the ConvQA judge prompt ({@link ConvQaScorer#judgePrompt}) says before its question. */
    private static final String PROMPT_HEAD = headOf(ConvQaScorer.judgePrompt("", "", ""));

    private final String label;

    JudgeStyle(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The reply text for an intended verdict. */
    public String render(double verdict) {
        String v = verdict == 1.0 ? "1.0" : verdict == 0.5 ? "0.5" : "0.0";
        return switch (this) {
            case PLAIN -> v;
            case BOLD -> "**" + v + "**";
            case QUOTED -> "\"" + v + "\"";
            case BRACKETED -> "[" + v + "]";
            case FRACTION -> v + "/1.0";
            case DECIMAL_COMMA -> v.replace('.', ',');
            case LEADING_POINT -> verdict == 1.0 ? "1" : verdict == 0.5 ? ".5" : "0";
            case PREAMBLE -> "The prediction covers 3 key facts. Score: " + v;
            case TRUNCATED -> "The prediction covers 3 key facts. Score:";
            case OUT_OF_RANGE -> String.format(Locale.ROOT, "%d", Math.round(verdict * 10));
            case RATING -> "Rating: " + (1 + Math.round(verdict * 4)) + " out of 5";
        };
    }

    /**
     * The offline ruling for a judge prompt: 1.0 when the predicted answer equals the reference, 0.5 when
     * it is a proper non-empty prefix of it, else 0.0.
     */
    public static double verdict(String prompt) {
        String ref = field(prompt, "\nReference Answer: ");
        String pred = field(prompt, "\nPredicted Answer: ");
        if (pred.equals(ref)) {
            return 1.0;
        }
        return !pred.isEmpty() && ref.startsWith(pred) ? 0.5 : 0.0;
    }

    private static String field(String prompt, String label) {
        int i = prompt.indexOf(label);
        if (i < 0) {
            return "";
        }
        int start = i + label.length();
        int end = prompt.indexOf('\n', start);
        return prompt.substring(start, end < 0 ? prompt.length() : end);
    }

    /** An in-process judge answering every prompt in this style. */
    public JudgeReplySource inProcess() {
        return prompt -> TextNode.valueOf(render(verdict(prompt)));
    }

    /** The style's name on the command line and in scenario ids: {@code plain}, {@code decimal-comma}, … */
    public String slug() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The style of a {@link #slug()}, or null for none. */
    public static JudgeStyle bySlug(String slug) {
        return Arrays.stream(values()).filter(s -> s.slug().equals(slug)).findFirst().orElse(null);
    }

    /** The model name that selects this style at the fake judge ({@link #responder()}). */
    public String model() {
        return MODEL_PREFIX + slug();
    }

    /** The style a model name selects ({@link #model()}), or null for none. */
    public static JudgeStyle forModel(String model) {
        return model != null && model.startsWith(MODEL_PREFIX) ? bySlug(model.substring(MODEL_PREFIX.length())) : null;
    }

    /**
     * A free-text responder for the fake judge: a request whose {@code model} is some style's
     * {@link #model()} gets {@code render(verdict(prompt))} in that style, exactly what {@link #inProcess()}
     * answers; any other model is declined (the server's fallback reply then answers).
     */
    public static ChatResponder responder() {
        return call -> {
            JudgeStyle style = forModel(call.body().path("model").asText(null));
            return style == null ? null : ChatReply.text(style.render(verdict(call.prompt())));
        };
    }

    /**
     * The ConvQA judge of {@code judge serve}: a request whose prompt is the judge prompt gets a reply
     * in the style its model names ({@link #model()}), else in {@code style}; the verdict is the
     * server's rules' on the predicted answer as the claim (supported: 1.0, else 0.0). Any other
     * prompt is declined.
     */
    public static ChatResponder ruledResponder(JudgeStyle style) {
        java.util.Objects.requireNonNull(style, "style");
        return call -> {
            if (!call.prompt().startsWith(PROMPT_HEAD)) {
                return null;
            }
            JudgeStyle named = forModel(call.model());
            boolean supported = call.rules().verdict(field(call.prompt(), "\nPredicted Answer: "), call.prompt());
            return ChatReply.text((named != null ? named : style).render(supported ? 1.0 : 0.0));
        };
    }

    private static String headOf(String prompt) {
        return prompt.substring(0, prompt.indexOf("Question: "));
    }
}
