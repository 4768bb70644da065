import Localization

/// Languages' names in each interface language the app has a catalogue for (CLDR's names), so a
/// film's original language reads "英语" in Chinese and "Английский" in Russian, not "English".
enum LanguageNames {
  /// The languages named, in the order of each row of `table`: the discover form's, then a few more
  /// films are often made in.
  static let codes = [
    "en", "fr", "es", "de", "it", "ja", "ko", "zh", "hi", "ru", "pt", "sv", "da", "no", "fi", "pl", "cs", "tr",
    "fa", "ar", "he", "th", "uk",
  ]

  /// Each interface language's names of `codes`, in their order.
  static let table: [String: [String]] = [
    "en": [
      "English", "French", "Spanish", "German", "Italian", "Japanese", "Korean", "Chinese", "Hindi", "Russian",
      "Portuguese", "Swedish", "Danish", "Norwegian", "Finnish", "Polish", "Czech", "Turkish", "Persian", "Arabic",
      "Hebrew", "Thai", "Ukrainian",
    ],
    "ru": [
      "английский", "французский", "испанский", "немецкий", "итальянский", "японский", "корейский", "китайский",
      "хинди", "русский", "португальский", "шведский", "датский", "норвежский", "финский", "польский", "чешский",
      "турецкий", "персидский", "арабский", "иврит", "тайский", "украинский",
    ],
    "uk": [
      "англійська", "французька", "іспанська", "німецька", "італійська", "японська", "корейська", "китайська",
      "гінді", "російська", "португальська", "шведська", "данська", "норвезька", "фінська", "польська", "чеська",
      "турецька", "перська", "арабська", "іврит", "тайська", "українська",
    ],
    "be": [
      "англійская", "французская", "іспанская", "нямецкая", "італьянская", "японская", "карэйская", "кітайская",
      "хіндзі", "руская", "партугальская", "шведская", "дацкая", "нарвежская", "фінская", "польская", "чэшская",
      "турэцкая", "фарсі", "арабская", "іўрыт", "тайская", "украінская",
    ],
    "zh": [
      "英语", "法语", "西班牙语", "德语", "意大利语", "日语", "韩语", "中文", "印地语", "俄语", "葡萄牙语", "瑞典语", "丹麦语",
      "挪威语", "芬兰语", "波兰语", "捷克语", "土耳其语", "波斯语", "阿拉伯语", "希伯来语", "泰语", "乌克兰语",
    ],
    "pt": [
      "inglês", "francês", "espanhol", "alemão", "italiano", "japonês", "coreano", "chinês", "hindi", "russo",
      "português", "sueco", "dinamarquês", "norueguês", "finlandês", "polaco", "checo", "turco", "persa", "árabe",
      "hebraico", "tailandês", "ucraniano",
    ],
    "bg": [
      "английски", "френски", "испански", "немски", "италиански", "японски", "корейски", "китайски", "хинди",
      "руски", "португалски", "шведски", "датски", "норвежки", "фински", "полски", "чешки", "турски", "персийски",
      "арабски", "иврит", "тайски", "украински",
    ],
    "he": [
      "אנגלית", "צרפתית", "ספרדית", "גרמנית", "איטלקית", "יפנית", "קוריאנית", "סינית", "הינדי", "רוסית", "פורטוגזית",
      "שוודית", "דנית", "נורווגית", "פינית", "פולנית", "צ׳כית", "טורקית", "פרסית", "ערבית", "עברית", "תאית",
      "אוקראינית",
    ],
    "cs": [
      "angličtina", "francouzština", "španělština", "němčina", "italština", "japonština", "korejština", "čínština",
      "hindština", "ruština", "portugalština", "švédština", "dánština", "norština", "finština", "polština",
      "čeština", "turečtina", "perština", "arabština", "hebrejština", "thajština", "ukrajinština",
    ],
    "ro": [
      "engleză", "franceză", "spaniolă", "germană", "italiană", "japoneză", "coreeană", "chineză", "hindi", "rusă",
      "portugheză", "suedeză", "daneză", "norvegiană", "finlandeză", "poloneză", "cehă", "turcă", "persană", "arabă",
      "ebraică", "thailandeză", "ucraineană",
    ],
    "fr": [
      "anglais", "français", "espagnol", "allemand", "italien", "japonais", "coréen", "chinois", "hindi", "russe",
      "portugais", "suédois", "danois", "norvégien", "finnois", "polonais", "tchèque", "turc", "persan", "arabe",
      "hébreu", "thaï", "ukrainien",
    ],
    "pl": [
      "angielski", "francuski", "hiszpański", "niemiecki", "włoski", "japoński", "koreański", "chiński", "hindi",
      "rosyjski", "portugalski", "szwedzki", "duński", "norweski", "fiński", "polski", "czeski", "turecki", "perski",
      "arabski", "hebrajski", "tajski", "ukraiński",
    ],
    "it": [
      "inglese", "francese", "spagnolo", "tedesco", "italiano", "giapponese", "coreano", "cinese", "hindi", "russo",
      "portoghese", "svedese", "danese", "norvegese", "finlandese", "polacco", "ceco", "turco", "persiano", "arabo",
      "ebraico", "thailandese", "ucraino",
    ],
    "es": [
      "inglés", "francés", "español", "alemán", "italiano", "japonés", "coreano", "chino", "hindi", "ruso",
      "portugués", "sueco", "danés", "noruego", "finés", "polaco", "checo", "turco", "persa", "árabe", "hebreo",
      "tailandés", "ucraniano",
    ],
  ]

  /// The name of the language `code` in the interface language `interface` (with `capitalized`,
  /// its first letter a capital); nil for a language or interface not in the table.
  static func name(_ code: String, in interface: String, capitalized: Bool = false) -> String? {
    guard let index = codes.firstIndex(of: code), let names = table[interface], names.indices.contains(index) else {
      return nil
    }
    let name = names[index]
    return capitalized ? name.prefix(1).uppercased() + name.dropFirst() : name
  }
}
