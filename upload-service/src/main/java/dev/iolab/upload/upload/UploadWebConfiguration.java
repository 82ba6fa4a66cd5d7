package dev.iolab.upload.upload;

import dev.iolab.upload.system.UploadProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.StringUtils;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Registers the API-key check on the upload endpoints when a key is configured. */
@Configuration(proxyBeanMethods = false)
class UploadWebConfiguration implements WebMvcConfigurer {

    private final UploadProperties properties;

    UploadWebConfiguration(UploadProperties properties) {
        this.properties = properties;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        if (StringUtils.hasText(properties.apiKey())) {
            registry.addInterceptor(new ApiKeyInterceptor(properties.apiKey()))
                    .addPathPatterns("/uploads", "/uploads/**");
        }
    }
}
