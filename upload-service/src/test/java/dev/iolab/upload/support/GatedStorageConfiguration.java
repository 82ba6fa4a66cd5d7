package dev.iolab.upload.support;

import dev.iolab.upload.storage.BlobStorage;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/** Wraps the application's {@link BlobStorage} in a {@link GatedBlobStorage} (open by default). */
@TestConfiguration(proxyBeanMethods = false)
public class GatedStorageConfiguration {

    @Bean
    static BeanPostProcessor gatedBlobStorage() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                return bean instanceof BlobStorage storage && !(bean instanceof GatedBlobStorage)
                        ? new GatedBlobStorage(storage)
                        : bean;
            }
        };
    }
}
