package dev.iolab.upload.client;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a start refused for want of an API key as Spring Boot reports a misconfiguration: one line saying which
 * property is missing and one saying what to do, without a stack trace (registered in {@code META-INF/spring.factories}).
 */
final class NoApiKeyFailureAnalyzer extends AbstractFailureAnalyzer<NoApiKeyException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, NoApiKeyException cause) {
        return new FailureAnalysis(
                cause.getMessage(),
                "Set upload.api-key (environment UPLOAD_API_KEY) or upload.api-keys.<client-name>=<key>; to run without"
                        + " a key on purpose (a local test stack), set upload.open=true (UPLOAD_OPEN=true).",
                cause);
    }
}
