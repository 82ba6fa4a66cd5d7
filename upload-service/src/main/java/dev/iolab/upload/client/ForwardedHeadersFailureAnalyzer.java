package dev.iolab.upload.client;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a start refused for {@code server.forward-headers-strategy} as Boot reports a misconfiguration: what is
 * wrong and what to do, without a stack trace (registered in {@code META-INF/spring.factories}).
 */
final class ForwardedHeadersFailureAnalyzer extends AbstractFailureAnalyzer<ForwardedHeadersException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, ForwardedHeadersException cause) {
        return new FailureAnalysis(
                cause.getMessage(),
                "Remove server.forward-headers-strategy (environment SERVER_FORWARDHEADERSSTRATEGY) and name the proxies"
                        + " in upload.proxy.trusted (UPLOAD_PROXY_TRUSTED, CIDR blocks): only their X-Forwarded-For is"
                        + " believed.",
                cause);
    }
}
