package dev.iolab.upload.client;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Registers the API-key check on the upload and download routes when a key is configured, and the filter that shows
 * health details only to holders of the key.
 */
@Configuration(proxyBeanMethods = false)
class ClientConfiguration implements WebMvcConfigurer {

    private final ApiKey key;

    ClientConfiguration(ClientProperties properties) {
        this.key = new ApiKey(properties.apiKey());
    }

    @Bean
    FilterRegistrationBean<ApiKeyHealthFilter> apiKeyHealthFilter() {
        FilterRegistrationBean<ApiKeyHealthFilter> registration =
                new FilterRegistrationBean<>(new ApiKeyHealthFilter(key));
        registration.addUrlPatterns("/actuator/health", "/actuator/health/*");
        return registration;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        if (key.configured()) {
            registry.addInterceptor(new ApiKeyInterceptor(key)).addPathPatterns("/uploads", "/uploads/**");
        }
    }
}
