package dev.iolab.upload.client;

import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.WebProblem;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.servlet.HandlerInterceptor;

/** When {@code upload.api-key} is set, {@code /uploads/**} needs {@code Authorization: Bearer <key>} (else 401). */
final class ApiKeyInterceptor implements HandlerInterceptor {

    private final ApiKey key;

    ApiKeyInterceptor(ApiKey key) {
        this.key = key;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!key.presentedBy(request)) {
            throw new ProblemException(WebProblem.UNAUTHORIZED, "send Authorization: Bearer <upload.api-key>");
        }
        return true;
    }
}
