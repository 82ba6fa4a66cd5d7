package dev.iolab.upload.client;

import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.WebProblem;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.servlet.HandlerInterceptor;

/** When a key is configured, {@code /uploads/**} and {@code /files/**} need {@code Authorization: Bearer <key>} (else 401). */
final class ApiKeyInterceptor implements HandlerInterceptor {

    private final ApiKeys keys;

    ApiKeyInterceptor(ApiKeys keys) {
        this.keys = keys;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!keys.presentedBy(request)) {
            throw new ProblemException(WebProblem.UNAUTHORIZED, "send Authorization: Bearer <your API key>");
        }
        return true;
    }
}
