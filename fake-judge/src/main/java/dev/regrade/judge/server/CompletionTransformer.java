package dev.regrade.judge.server;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.http.RequestMethod;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.regrade.judge.Wire;
import java.util.List;
import java.util.function.Function;

/**
 * The WireMock side of the fake judge: hands each completion request to the {@link CompletionHandler}
 * its path names (the server's own, or a lane's), and answers the model list and model look-ups.
 */
final class CompletionTransformer implements ResponseDefinitionTransformerV2 {
    static final String NAME = "regrade-fake-judge";
    /** The model {@code GET /v1/models} lists (requests may name any model). */
    static final String MODEL = "fake-judge";

    private final Function<String, CompletionHandler> route;

    /** @param route the handler for a request path, or null for a path that names no lane */
    CompletionTransformer(Function<String, CompletionHandler> route) {
        this.route = route;
    }

    @Override
    public ResponseDefinition transform(ServeEvent event) {
        LoggedRequest request = event.getRequest();
        Reply reply;
        try {
            CompletionHandler handler = route.apply(request.getUrl());
            if (handler == null) {
                reply = Reply.json(404, Completions.error("No lane of the fake judge serves " + request.getUrl() + ".",
                        "invalid_request_error", "unknown_lane"), 0);
            } else if (request.getMethod().equals(RequestMethod.GET)) {
                reply = models(request.getUrl());
            } else {
                reply = handler.handle(request::getHeader, request.getBody());
            }
        } catch (RuntimeException e) {
            reply = Reply.json(500, Completions.error("fake judge internal error: " + e, "server_error", null), 0);
        }
        ResponseDefinitionBuilder b = ResponseDefinitionBuilder.responseDefinition()
                .withStatus(reply.status())
                .withBody(reply.body());
        reply.headers().forEach(b::withHeader);
        if (reply.cutOff()) {
            b.withFault(Fault.MALFORMED_RESPONSE_CHUNK);
        }
        if (reply.delayMillis() > 0) {
            b.withFixedDelay(reply.delayMillis());
        }
        return b.build();
    }

    /** {@code GET …/v1/models} lists the fake judge's model; {@code GET …/v1/models/ID} is any model asked for. */
    private static Reply models(String url) {
        String path = url.contains("?") ? url.substring(0, url.indexOf('?')) : url;
        String tail = path.substring(path.indexOf("/v1/models") + "/v1/models".length());
        return Reply.json(200, tail.isEmpty() ? Completions.models(List.of(MODEL))
                : Completions.write(Completions.model(Wire.decode(tail.substring(1)))), 0);
    }

    @Override
    public boolean applyGlobally() {
        return false;
    }

    @Override
    public String getName() {
        return NAME;
    }
}
