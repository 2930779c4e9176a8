package dev.regrade.vereval;

import dev.regrade.pycompat.PyException;

/**
 * A failed judge call after the transport retries, named as the OpenAI Python SDK names it
 * ({@code InternalServerError}, {@code RateLimitError}, {@code APIConnectionError},
 * {@code APITimeoutError}, …) with the SDK's message, e.g. {@code Error code: 503 - {'error': …}}.
 */
public final class JudgeApiException extends PyException {
    private static final long serialVersionUID = 1L;
    private final int status;

    public JudgeApiException(String sdkType, String message, int status) {
        super(sdkType, message);
        this.status = status;
    }

    /** The HTTP status, or 0 when no response came. */
    public int status() {
        return status;
    }

    /** The SDK class for an HTTP error status. */
    static String typeFor(int status) {
        return switch (status) {
            case 400 -> "BadRequestError";
            case 401 -> "AuthenticationError";
            case 403 -> "PermissionDeniedError";
            case 404 -> "NotFoundError";
            case 409 -> "ConflictError";
            case 422 -> "UnprocessableEntityError";
            case 429 -> "RateLimitError";
            default -> status >= 500 ? "InternalServerError" : "APIStatusError";
        };
    }
}
