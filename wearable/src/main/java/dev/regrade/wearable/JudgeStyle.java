package dev.regrade.wearable;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.regrade.judge.server.ChatReply;
import dev.regrade.judge.server.ChatResponder;
import java.util.Locale;

/**
 * Realistic ways a chat judge phrases its verdict, for the audit. {@link #render(double)} turns the
 * intended verdict (0.0, 0.5 or 1.0) into the reply text; {@link #inProcess()} is a judge that rules
 * each prompt with {@link #verdict(String)} and answers in this style, and {@link #responder()} is the
 * same judge for the fake judge server, which serves it over HTTP to requests naming {@link #model()}.
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
    OUT_OF_RANGE("0-10 scale (out of range)");

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

    /** The model name that selects this style at the fake judge ({@link #responder()}). */
    public String model() {
        return "wearable-judge-" + name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The style a model name selects ({@link #model()}), or null for none. */
    public static JudgeStyle forModel(String model) {
        for (JudgeStyle s : values()) {
            if (s.model().equals(model)) {
                return s;
            }
        }
        return null;
    }

    /**
     * A free-text responder for the fake judge: a request whose {@code model} is some style's
     * {@link #model()} gets {@code render(verdict(prompt))} in that style, exactly what {@link #inProcess()}
     * answers; any other model is declined (HTTP 400).
     */
    public static ChatResponder responder() {
        return call -> {
            JudgeStyle style = forModel(call.body().path("model").asText(null));
            return style == null ? null : ChatReply.text(style.render(verdict(call.prompt())));
        };
    }
}
