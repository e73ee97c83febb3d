impl crate::lang::Lang {
    pub fn pick<T>(self, ja: T, en: T) -> T {
        match self {
            crate::lang::Lang::Ja => ja,
            crate::lang::Lang::En => en,
        }
    }
}
