package dev.regrade.judge.server;

import java.util.function.Function;

/**
 * What answers the server's {@code POST /v1/chat/completions}: the fake judge's own rules, or a
 * handler put in their place ({@link FakeJudgeServer#FakeJudgeServer(FakeJudgeConfig, CompletionHandler)}),
 * such as a recording of a real judge. Must be thread-safe: the server calls it from many threads.
 */
@FunctionalInterface
public interface CompletionHandler {
    /**
     * The reply to one request.
     *
     * @param header a request header by name (case-insensitive), null when absent
     * @param body   the request body as received
     */
    Reply handle(Function<String, String> header, byte[] body);
}
