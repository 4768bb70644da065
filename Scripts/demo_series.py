"""The demo's TV series: facts (ids, dates, networks, seasons, episode titles and air dates,
cast and crew) as TMDB has them; overviews and episode sentences are our own words; scores are
rounded public figures. make-demo-data.py turns these into answers.

An episode is ep(date, runtime, title, russian title, sentence, russian sentence, **people),
people being d=[directors], w=[writers], g=[(name, character)]. A sentence may be "" and then a
vaguer one of the series' own (`filler`) stands in, rather than an invented plot fact.
"""


def ep(date, runtime, name, ru, overview="", ru_overview="", d=(), w=(), g=()):
  return dict(date=date, runtime=runtime, name=name, ru=ru, overview=overview, ru_overview=ru_overview,
              directors=list(d), writers=list(w), guests=list(g))


def weekly(start, count, skip=()):
  """Air dates a week apart from start (YYYY-MM-DD), leaving out the weeks in skip (0-based)."""
  import datetime
  day = datetime.date.fromisoformat(start)
  dates, week = [], 0
  while len(dates) < count:
    if week not in skip: dates.append((day + datetime.timedelta(weeks=week)).isoformat())
    week += 1
  return dates


def numbered(dates, runtime, d=(), w=()):
  """Episodes TMDB names only by number ("Episode 1"), as many series from Israel and Russia."""
  return [ep(date, runtime, f"Episode {n}", f"Серия {n}", d=d, w=w) for n, date in enumerate(dates, 1)]


def titled(dates, runtime, rows, d=None, w=None):
  """Episodes from (title, russian title[, sentence, russian sentence]) rows and their dates;
  d and w map an episode number to its directors and writers."""
  out = []
  for n, (date, row) in enumerate(zip(dates, rows), 1):
    name, ru, *rest = row
    overview, ru_overview = (rest + ["", ""])[:2]
    out.append(ep(date, runtime, name, ru, overview, ru_overview,
                  d=(d or {}).get(n, ()), w=(w or {}).get(n, ())))
  return out


FRIENDS_S1 = titled(
  ["1994-09-22", "1994-09-29", "1994-10-06", "1994-10-13", "1994-10-20", "1994-10-27", "1994-11-03",
   "1994-11-10", "1994-11-17", "1994-12-15", "1995-01-05", "1995-01-12", "1995-01-19", "1995-02-09",
   "1995-02-16", "1995-02-23", "1995-02-23", "1995-03-02", "1995-03-09", "1995-04-06", "1995-04-27",
   "1995-05-04", "1995-05-11", "1995-05-18"], 22, [
  ("The One Where Monica Gets a Roommate", "Эпизод, где Моника берёт новую соседку",
   "A runaway bride walks into the coffee house in her wedding dress and moves in with an old school friend.",
   "Сбежавшая со свадьбы невеста входит в кофейню прямо в платье и поселяется у школьной подруги."),
  ("The One with the Sonogram at the End", "Эпизод с УЗИ в конце",
   "Ross learns that his former wife is expecting his child.", "Росс узнаёт, что его бывшая жена ждёт от него ребёнка."),
  ("The One with the Thumb", "Эпизод с большим пальцем"),
  ("The One with George Stephanopoulos", "Эпизод с Джорджем Стефанопулосом"),
  ("The One with the East German Laundry Detergent", "Эпизод с восточногерманским стиральным порошком"),
  ("The One with the Butt", "Эпизод с задницей"),
  ("The One with the Blackout", "Эпизод, где отключили свет",
   "A power cut leaves the friends in the dark across Manhattan.", "Отключение электричества оставляет друзей в темноте по всему Манхэттену."),
  ("The One Where Nana Dies Twice", "Эпизод, где бабушка умирает дважды"),
  ("The One Where Underdog Gets Away", "Эпизод, где улетает Андердог"),
  ("The One with the Monkey", "Эпизод с обезьянкой"),
  ("The One with Mrs. Bing", "Эпизод с миссис Бинг"),
  ("The One with the Dozen Lasagnas", "Эпизод с дюжиной лазаний"),
  ("The One with the Boobies", "Эпизод с грудью"),
  ("The One with the Candy Hearts", "Эпизод с конфетами-сердечками"),
  ("The One with the Stoned Guy", "Эпизод с обкуренным"),
  ("The One with Two Parts (1)", "Эпизод из двух частей (1)"),
  ("The One with Two Parts (2)", "Эпизод из двух частей (2)"),
  ("The One with All the Poker", "Эпизод с покером"),
  ("The One Where the Monkey Gets Away", "Эпизод, где сбегает обезьянка"),
  ("The One with the Evil Orthodontist", "Эпизод со злым ортодонтом"),
  ("The One with the Fake Monica", "Эпизод с фальшивой Моникой"),
  ("The One with the Ick Factor", "Эпизод с фактором «фу»"),
  ("The One with the Birth", "Эпизод с родами",
   "Ross's son is born, with more friends in the delivery room than anyone planned.",
   "У Росса рождается сын, и в родильной палате друзей оказывается больше, чем кто-либо рассчитывал."),
  ("The One Where Rachel Finds Out", "Эпизод, где Рэйчел узнаёт",
   "A slip at a birthday party tells Rachel how Ross feels about her.",
   "Случайная обмолвка на дне рождения открывает Рэйчел, что к ней чувствует Росс."),
  ], d={1: ["James Burrows"]}, w={1: ["David Crane", "Marta Kauffman"]})

FRIENDS_S8 = titled(
  ["2001-09-27", "2001-10-04", "2001-10-11", "2001-10-18", "2001-10-25", "2001-11-01", "2001-11-08",
   "2001-11-15", "2001-11-22", "2001-12-06", "2001-12-13", "2002-01-10", "2002-01-17", "2002-01-31",
   "2002-02-07", "2002-02-28", "2002-03-07", "2002-03-28", "2002-04-04", "2002-04-25", "2002-05-02",
   "2002-05-09", "2002-05-16", "2002-05-16"], 22, [
  ("The One After \"I Do\"", "Эпизод после «Да»",
   "At Monica and Chandler's wedding reception the question is who, exactly, is pregnant.",
   "На свадебном банкете Моники и Чендлера все гадают, кто же на самом деле беременна."),
  ("The One with the Red Sweater", "Эпизод с красным свитером"),
  ("The One Where Rachel Tells...", "Эпизод, где Рэйчел рассказывает…",
   "Rachel finds the moment to tell the baby's father.", "Рэйчел выбирает момент, чтобы сказать отцу ребёнка."),
  ("The One with the Videotape", "Эпизод с видеокассетой"),
  ("The One with Rachel's Date", "Эпизод со свиданием Рэйчел"),
  ("The One with the Halloween Party", "Эпизод с вечеринкой на Хэллоуин",
   "Monica and Chandler throw a costume party.", "Моника и Чендлер устраивают костюмированную вечеринку."),
  ("The One with the Stain", "Эпизод с пятном"),
  ("The One with the Stripper", "Эпизод со стриптизёршей"),
  ("The One with the Rumor", "Эпизод со слухом",
   "A high-school classmate comes to Thanksgiving dinner with an old grudge against Rachel, while Joey takes on a whole turkey.",
   "На ужин в День благодарения приходит школьный знакомый со старой обидой на Рэйчел, а Джоуи берётся съесть целую индейку."),
  ("The One with Monica's Boots", "Эпизод с сапогами Моники",
   "Monica swears a painfully expensive pair of boots was worth it.", "Моника уверяет, что мучительно дорогие сапоги того стоили."),
  ("The One with Ross's Step Forward", "Эпизод, где Росс делает шаг вперёд"),
  ("The One Where Joey Dates Rachel", "Эпизод, где Джоуи встречается с Рэйчел"),
  ("The One Where Chandler Takes a Bath", "Эпизод, где Чендлер принимает ванну"),
  ("The One with the Secret Closet", "Эпизод с тайным шкафом"),
  ("The One with the Birthing Video", "Эпизод с видео о родах"),
  ("The One Where Joey Tells Rachel", "Эпизод, где Джоуи признаётся Рэйчел"),
  ("The One with the Tea Leaves", "Эпизод с чайными листьями"),
  ("The One in Massapequa", "Эпизод в Массапекуа"),
  ("The One with Joey's Interview", "Эпизод с интервью Джоуи"),
  ("The One with the Baby Shower", "Эпизод с вечеринкой в честь малыша"),
  ("The One with the Cooking Class", "Эпизод с кулинарными курсами"),
  ("The One Where Rachel Is Late", "Эпизод, где Рэйчел перехаживает"),
  ("The One Where Rachel Has a Baby (1)", "Эпизод, где Рэйчел рожает (1)",
   "Rachel goes into labour and waits, and waits, for a delivery room.", "У Рэйчел начинаются схватки, и она долго ждёт свободную родильную палату."),
  ("The One Where Rachel Has a Baby (2)", "Эпизод, где Рэйчел рожает (2)",
   "Rachel's daughter arrives.", "У Рэйчел рождается дочь."),
  ], d={1: ["Kevin S. Bright"], 10: ["Kevin S. Bright"]}, w={1: ["David Crane", "Marta Kauffman"]})
FRIENDS_S8[8]["guests"] = [("Brad Pitt", "Will Colbert")]
FRIENDS_S8[0]["guests"] = [("Morgan Fairchild", "Nora Bing")]
FRIENDS_S8[9]["guests"] = [("Trudie Styler", "Herself")]

SOPRANOS_S1 = titled(weekly("1999-01-10", 13), 55, [
  ("The Sopranos", "Клан Сопрано",
   "A New Jersey mob boss starts seeing a psychiatrist after a panic attack.",
   "Мафиозный босс из Нью-Джерси после панической атаки начинает ходить к психиатру."),
  ("46 Long", "46 Лонг"), ("Denial, Anger, Acceptance", "Отрицание, гнев, принятие"),
  ("Meadowlands", "Медоулендс"),
  ("College", "Колледж", "Tony takes his daughter on a tour of colleges in Maine and spots a face from his past.",
   "Тони везёт дочь смотреть колледжи в штате Мэн и замечает лицо из своего прошлого."),
  ("Pax Soprana", "Pax Soprana"), ("Down Neck", "Даун-Нек"),
  ("The Legend of Tennessee Moltisanti", "Легенда о Теннесси Молтисанти"), ("Boca", "Бока"),
  ("A Hit Is a Hit", "Хит есть хит"), ("Nobody Knows Anything", "Никто ничего не знает"),
  ("Isabella", "Изабелла"), ("I Dream of Jeannie Cusamano", "Мне снится Джинни Кусамано"),
  ], d={1: ["David Chase"]}, w={1: ["David Chase"]})

SOPRANOS_S2 = titled(weekly("2000-01-16", 13), 55, [
  ("Guy Walks into a Psychiatrist's Office...", "Парень заходит к психиатру…"),
  ("Do Not Resuscitate", "Не реанимировать"), ("Toodle-Fucking-Oo", "Пока-пока"),
  ("Commendatori", "Коммендаторе", "Tony, Paulie and Christopher take a business trip to Naples.",
   "Тони, Поли и Кристофер едут по делам в Неаполь."),
  ("Big Girls Don't Cry", "Большие девочки не плачут"), ("The Happy Wanderer", "Счастливый странник"),
  ("D-Girl", "Ассистентка"), ("Full Leather Jacket", "Цельнокожаная куртка"),
  ("From Where to Eternity", "Отсюда в вечность"), ("Bust Out", "Банкротство"),
  ("House Arrest", "Домашний арест"), ("The Knight in White Satin Armor", "Рыцарь в белых атласных доспехах"),
  ("Funhouse", "Комната смеха"),
  ])

BREAKING_S1 = titled(["2008-01-20", "2008-01-27", "2008-02-10", "2008-02-17", "2008-02-24", "2008-03-02", "2008-03-09"], 47, [
  ("Pilot", "Пилот", "A chemistry teacher with a grim diagnosis teams up with a former student to cook methamphetamine.",
   "Учитель химии с тяжёлым диагнозом вместе с бывшим учеником начинает варить метамфетамин."),
  ("Cat's in the Bag...", "Кошка в мешке…"), ("...And the Bag's in the River", "…а мешок в реке"),
  ("Cancer Man", "Больной раком"), ("Gray Matter", "Серое вещество"),
  ("Crazy Handful of Nothin'", "Безумная горсть ничего"), ("A No-Rough-Stuff-Type Deal", "Сделка без грубостей"),
  ], d={1: ["Vince Gilligan"], 2: ["Adam Bernstein"], 3: ["Adam Bernstein"], 4: ["Jim McKay"], 5: ["Tricia Brock"],
        6: ["Bronwen Hughes"], 7: ["Tim Hunter"]},
  w={1: ["Vince Gilligan"], 2: ["Vince Gilligan"], 3: ["Vince Gilligan"], 4: ["Vince Gilligan"], 5: ["Patty Lin"],
     6: ["George Mastras"], 7: ["Peter Gould"]})

BREAKING_S2 = titled(weekly("2009-03-08", 13), 47, [
  ("Seven Thirty-Seven", "Семьсот тридцать семь"), ("Grilled", "Поджаренные"),
  ("Bit by a Dead Bee", "Укус мёртвой пчелы"), ("Down", "Вниз"), ("Breakage", "Поломка"),
  ("Peekaboo", "Ку-ку"), ("Negro y Azul", "Negro y Azul"),
  ("Better Call Saul", "Лучше звоните Солу", "Jesse's arrested partner needs a lawyer, and the one they find is not the usual kind.",
   "Арестованному подельнику Джесси нужен адвокат, и найденный адвокат оказывается не совсем обычным."),
  ("4 Days Out", "Четыре дня в пустыне"), ("Over", "Конец"), ("Mandala", "Мандала"),
  ("Phoenix", "Феникс"), ("ABQ", "Альбукерке"),
  ], d={1: ["Bryan Cranston"]})

GOT_S1 = titled(weekly("2011-04-17", 10), 60, [
  ("Winter Is Coming", "Зима близко", "Lord Eddard Stark is asked to serve the king in the south.",
   "Лорда Эддарда Старка зовут на юг служить королю."),
  ("The Kingsroad", "Королевский тракт"), ("Lord Snow", "Лорд Сноу"),
  ("Cripples, Bastards, and Broken Things", "Калекам, бастардам и сломанным вещам"),
  ("The Wolf and the Lion", "Волк и лев"), ("A Golden Crown", "Золотая корона"),
  ("You Win or You Die", "Победа или смерть"), ("The Pointy End", "Острый конец"), ("Baelor", "Бейелор"),
  ("Fire and Blood", "Пламя и кровь"),
  ], d={1: ["Tim Van Patten"], 2: ["Tim Van Patten"]}, w={1: ["David Benioff", "D. B. Weiss"], 2: ["David Benioff", "D. B. Weiss"]})

GOT_S8 = titled(weekly("2019-04-14", 6), 70, [
  ("Winterfell", "Винтерфелл"), ("A Knight of the Seven Kingdoms", "Рыцарь Семи Королевств"),
  ("The Long Night", "Долгая ночь", "The living make their stand against the dead at Winterfell.",
   "Живые дают бой мёртвым у стен Винтерфелла."),
  ("The Last of the Starks", "Последние из Старков"), ("The Bells", "Колокола"),
  ("The Iron Throne", "Железный трон", "The series ends with the question of who will rule.",
   "Сериал завершается вопросом о том, кто будет править."),
  ], d={3: ["Miguel Sapochnik"], 5: ["Miguel Sapochnik"], 6: ["David Benioff", "D. B. Weiss"]},
  w={6: ["David Benioff", "D. B. Weiss"]})

SHERLOCK = {
 0: [ep("2016-01-01", 90, "The Abominable Bride", "Безобразная невеста",
        "Holmes and Watson take on a ghostly case in Victorian London.", "Холмс и Ватсон берутся за призрачное дело в викторианском Лондоне.")],
 1: titled(["2010-07-25", "2010-08-01", "2010-08-08"], 88, [
   ("A Study in Pink", "Этюд в розовых тонах", "An army doctor back from Afghanistan shares a flat with a consulting detective.",
    "Вернувшийся из Афганистана военный врач снимает квартиру вместе с частным детективом-консультантом."),
   ("The Blind Banker", "Слепой банкир"), ("The Great Game", "Большая игра")],
   d={1: ["Paul McGuigan"], 2: ["Euros Lyn"], 3: ["Paul McGuigan"]},
   w={1: ["Steven Moffat"], 2: ["Stephen Thompson"], 3: ["Mark Gatiss"]}),
 2: titled(["2012-01-01", "2012-01-08", "2012-01-15"], 89, [
   ("A Scandal in Belgravia", "Скандал в Белгравии"), ("The Hounds of Baskerville", "Собаки Баскервиля"),
   ("The Reichenbach Fall", "Рейхенбахский водопад")],
   d={1: ["Paul McGuigan"], 2: ["Paul McGuigan"], 3: ["Toby Haynes"]},
   w={1: ["Steven Moffat"], 2: ["Mark Gatiss"], 3: ["Stephen Thompson"]}),
}

def stranger(numbers, date, runtime, rows):
  return titled([date] * len(rows), runtime, [(f"Chapter {numbers[n]}: {t}", f"Глава {n + 1}: {r}", *rest)
                                             for n, (t, r, *rest) in enumerate(rows)],
                d={n: ["Matt Duffer", "Ross Duffer"] for n in (1, 2)})
ORDINALS = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"]
STRANGER_S1 = stranger(ORDINALS, "2016-07-15", 50, [
  ("The Vanishing of Will Byers", "Исчезновение Уилла Байерса",
   "A boy cycling home at night in a small Indiana town disappears.", "Мальчик, возвращавшийся ночью домой на велосипеде, пропадает в маленьком городке в Индиане."),
  ("The Weirdo on Maple Street", "Странная девочка с Мейпл-стрит"), ("Holly, Jolly", "Холли, весёлая"),
  ("The Body", "Тело"), ("The Flea and the Acrobat", "Блоха и акробат"), ("The Monster", "Монстр"),
  ("The Bathtub", "Ванна"), ("The Upside Down", "Изнанка")])
STRANGER_S2 = stranger(ORDINALS, "2017-10-27", 52, [
  ("MADMAX", "БЕЗУМНЫЙ МАКС"), ("Trick or Treat, Freak", "Сладость или гадость, урод"),
  ("The Pollywog", "Головастик"), ("Will the Wise", "Уилл Мудрый"), ("Dig Dug", "Диг Даг"),
  ("The Spy", "Шпион"), ("The Lost Sister", "Потерянная сестра"), ("The Mind Flayer", "Свежеватель разума"),
  ("The Gate", "Врата")])

PEAKY_S1 = titled(weekly("2013-09-12", 6), 58, [(f"Episode {n}", f"Серия {n}") for n in range(1, 7)],
                  d={n: ["Otto Bathurst"] for n in (1, 2, 3)} | {n: ["Tom Harper"] for n in (4, 5, 6)},
                  w={n: ["Steven Knight"] for n in range(1, 7)})
PEAKY_S1[0]["overview"] = "In 1919 Birmingham, a gang leader comes into possession of something the authorities badly want back."
PEAKY_S1[0]["ru_overview"] = "В Бирмингеме 1919 года главарю банды достаётся то, что власти очень хотят вернуть."
PEAKY_S2 = titled(weekly("2014-10-02", 6), 58, [(f"Episode {n}", f"Серия {n}") for n in range(1, 7)],
                  d={n: ["Colm McCarthy"] for n in range(1, 7)}, w={n: ["Steven Knight"] for n in range(1, 7)})

TD_S1 = titled(["2014-01-12", "2014-01-19", "2014-01-26", "2014-02-09", "2014-02-16", "2014-02-23", "2014-03-02", "2014-03-09"], 58, [
  ("The Long Bright Dark", "Долгая яркая тьма",
   "Two former Louisiana detectives are questioned about a ritual murder they worked in 1995.",
   "Двух бывших детективов из Луизианы расспрашивают о ритуальном убийстве, которое они расследовали в 1995 году."),
  ("Seeing Things", "Видения"), ("The Locked Room", "Запертая комната"), ("Who Goes There", "Кто идёт"),
  ("The Secret Fate of All Life", "Тайная судьба всякой жизни"), ("Haunted Houses", "Дома с привидениями"),
  ("After You've Gone", "После твоего ухода"), ("Form and Void", "Форма и пустота")],
  d={n: ["Cary Joji Fukunaga"] for n in range(1, 9)}, w={n: ["Nic Pizzolatto"] for n in range(1, 9)})
TD_S2 = titled(weekly("2015-06-21", 8), 60, [
  ("The Western Book of the Dead", "Западная книга мёртвых",
   "The death of a city manager brings three police officers and a career criminal into one case in California.",
   "Смерть городского чиновника сводит в одном деле трёх полицейских и дельца из преступного мира в Калифорнии."),
  ("Night Finds You", "Ночь найдёт тебя"), ("Maybe Tomorrow", "Может быть, завтра"), ("Down Will Come", "Всё рухнет"),
  ("Other Lives", "Другие жизни"), ("Church in Ruins", "Церковь в руинах"),
  ("Black Maps and Motel Rooms", "Чёрные карты и номера мотелей"), ("Omega Station", "Станция «Омега»")],
  d={1: ["Justin Lin"], 2: ["Justin Lin"]}, w={1: ["Nic Pizzolatto"], 2: ["Nic Pizzolatto"]})

EUPHORIA = {
 0: titled(["2020-12-06", "2021-01-24"], 60, [
   ("Trouble Don't Last Always", "Беда не длится вечно",
    "Rue spends Christmas Eve talking with her sponsor in a diner.", "Ру проводит сочельник в закусочной за разговором со своим куратором."),
   ("F*ck Anyone Who's Not a Sea Blob", "К чёрту всех, кто не морская капля",
    "Jules looks back on the months just gone in a session with her therapist.", "Джулс оглядывается на прошедшие месяцы на приёме у психотерапевта.")],
   d={1: ["Sam Levinson"], 2: ["Sam Levinson"]}, w={1: ["Sam Levinson"], 2: ["Sam Levinson", "Hunter Schafer"]}),
 1: titled(weekly("2019-06-16", 8), 55, [
   ("Pilot", "Пилот", "Rue comes home from rehab at the end of summer with no intention of staying clean.",
    "В конце лета Ру возвращается из реабилитационного центра, не собираясь оставаться чистой."),
   ("Stuntin' Like My Daddy", "Выпендриваюсь, как мой папочка"), ("Made You Look", "Заставила посмотреть"),
   ("Shook Ones Pt. II", "Трясущиеся, часть II"), ("'03 Bonnie and Clyde", "Бонни и Клайд 2003-го"),
   ("The Next Episode", "Следующий эпизод"),
   ("The Trials and Tribulations of Trying to Pee While Depressed", "Тяготы попыток сходить в туалет в депрессии"),
   ("And Salt the Earth Behind You", "И посыпь землю солью за собой")],
   d={1: ["Augustine Frizzell"]}, w={n: ["Sam Levinson"] for n in range(1, 9)}),
 2: titled(weekly("2022-01-09", 8), 58, [
   ("Trying to Get to Heaven Before They Close the Door", "Успеть в рай, пока не закрыли дверь"),
   ("Out of Touch", "Без связи"), ("Ruminations: Big and Little Bullys", "Размышления: большие и маленькие хулиганы"),
   ("You Who Cannot See, Think of Those Who Can", "Ты, кто не видит, подумай о тех, кто видит"),
   ("Stand Still Like the Hummingbird", "Замри, как колибри"), ("A Thousand Little Trees of Blood", "Тысяча маленьких кровавых деревьев"),
   ("The Theater and Its Double", "Театр и его двойник"),
   ("All My Life, My Heart Has Yearned for a Thing I Cannot Name", "Всю жизнь моё сердце тосковало о том, чему нет имени")],
   d={n: ["Sam Levinson"] for n in range(1, 9)}, w={n: ["Sam Levinson"] for n in range(1, 9)}),
}

SILO_S1 = titled(["2023-05-05", "2023-05-05"] + weekly("2023-05-12", 8), 55, [
  ("Freedom Day", "День свободы", "The sheriff of an underground silo makes a request no one makes lightly: to go outside.",
   "Шериф подземного бункера просит о том, о чём никто не просит легко: выйти наружу."),
  ("Holston's Pick", "Выбор Холстона"), ("Machines", "Машины"), ("Truth", "Правда"), ("Hope", "Надежда"),
  ("Foolish Children", "Глупые дети"), ("The Relic", "Реликвия"), ("The Flamekeepers", "Хранители огня"),
  ("The Getaway", "Побег"), ("Outside", "Снаружи")],
  w={1: ["Graham Yost"]})
SILO_S2 = titled(weekly("2024-11-15", 10), 52, [
  ("The Engineer", "Инженер", "Outside the walls, Juliette reaches a silo that is not her own.",
   "За стенами Джульетта добирается до бункера, который не её."),
  ("Order", "Порядок"), ("Solo", "Соло"), ("The Harmonium", "Фисгармония"), ("Descent", "Спуск"),
  ("Barricades", "Баррикады"), ("The Dive", "Погружение"), ("The Book of Quinn", "Книга Куинна"),
  ("The Safeguard", "Защита"), ("Into the Fire", "В огонь")],
  d={1: ["Michael Dinner"]}, w={1: ["Graham Yost"]})

SQUID = {
 1: titled(["2021-09-17"] * 9, 60, [
   ("Red Light, Green Light", "Тише едешь — дальше будешь",
    "A man deep in debt accepts an invitation to play children's games for a fortune.",
    "Мужчина, погрязший в долгах, принимает приглашение сыграть в детские игры ради огромного приза."),
   ("Hell", "Ад"), ("The Man with the Umbrella", "Человек с зонтиком"), ("Stick to the Team", "Держитесь команды"),
   ("A Fair World", "Справедливый мир"), ("Gganbu", "Кканбу"), ("VIPS", "VIP-персоны"), ("Front Man", "Ведущий"),
   ("One Lucky Day", "Один удачный день")],
   d={n: ["Hwang Dong-hyuk"] for n in range(1, 10)}, w={n: ["Hwang Dong-hyuk"] for n in range(1, 10)}),
 2: titled(["2024-12-26"] * 7, 62, [
   ("Bread and Lottery", "Хлеб и лотерея"), ("Halloween Party", "Вечеринка на Хэллоуин"), ("001", "001"),
   ("Six Legs", "Шесть ног"), ("One More Game", "Ещё одна игра"), ("O X", "O X"), ("Friend or Foe", "Друг или враг")],
   d={n: ["Hwang Dong-hyuk"] for n in range(1, 8)}, w={n: ["Hwang Dong-hyuk"] for n in range(1, 8)}),
 3: titled(["2025-06-27"] * 6, 60, [
   ("Keys and Knives", "Ключи и ножи"), ("The Starry Sky", "Звёздное небо"), ("It's Not Your Fault", "Это не твоя вина"),
   ("222", "222"), ("○△□", "○△□"), ("Humans Are…", "Люди — это…")],
   d={n: ["Hwang Dong-hyuk"] for n in range(1, 7)}, w={n: ["Hwang Dong-hyuk"] for n in range(1, 7)}),
}

DARK = {
 1: titled(["2017-12-01"] * 10, 52, [
   ("Secrets", "Тайны", "A boy goes missing in a small German town, and the search opens old wounds from 33 years before.",
    "В маленьком немецком городке пропадает мальчик, и поиски бередят старые раны тридцатитрёхлетней давности."),
   ("Lies", "Ложь"), ("Past and Present", "Прошлое и настоящее"), ("Double Lives", "Двойная жизнь"),
   ("Truths", "Истины"), ("Sic Mundus Creatus Est", "Sic Mundus Creatus Est"), ("Crossroads", "Перекрёстки"),
   ("As You Sow, So You Shall Reap", "Что посеешь, то и пожнёшь"), ("Everything Is Now", "Всё происходит сейчас"),
   ("Alpha and Omega", "Альфа и Омега")],
   d={n: ["Baran bo Odar"] for n in range(1, 11)}),
 2: titled(["2019-06-21"] * 8, 55, [
   ("Beginnings and Endings", "Начала и концы"), ("Dark Matter", "Тёмная материя"), ("Ghosts", "Призраки"),
   ("The Travelers", "Путешественники"), ("Lost and Found", "Потерянное и найденное"),
   ("An Endless Cycle", "Бесконечный цикл"), ("The White Devil", "Белый дьявол"),
   ("Endings and Beginnings", "Концы и начала")],
   d={n: ["Baran bo Odar"] for n in range(1, 9)}),
}

MINDHUNTER = {
 1: numbered(["2017-10-13"] * 10, 55),
 2: numbered(["2019-08-16"] * 9, 60),
}
for n in (1, 2, 9, 10): MINDHUNTER[1][n - 1]["directors"] = ["David Fincher"]
for n in (3, 4): MINDHUNTER[1][n - 1]["directors"] = ["Asif Kapadia"]
for n in (1, 2, 3): MINDHUNTER[2][n - 1]["directors"] = ["David Fincher"]
MINDHUNTER[1][0]["overview"] = "An FBI hostage negotiator grows convinced that the Bureau has to understand killers, not only catch them."
MINDHUNTER[1][0]["ru_overview"] = "Переговорщик ФБР приходит к убеждению, что Бюро должно понимать убийц, а не только ловить их."

ALICE = {
 1: numbered(["2020-12-10"] * 8, 50, d=["Shinsuke Sato"]),
 2: numbered(["2022-12-22"] * 8, 60, d=["Shinsuke Sato"]),
}
ALICE[1][0]["overview"] = "Three friends in Shibuya find Tokyo suddenly empty, and the only way to stay alive is to play."
ALICE[1][0]["ru_overview"] = "Трое друзей в Сибуе обнаруживают, что Токио внезапно опустел, а выжить можно, только играя."

FAUDA = {
 1: numbered(["2015-02-15"] + [None] * 11, 45),
 2: numbered(["2017-12-31"] + [None] * 11, 45),
}
FAUDA[1][0]["overview"] = "A retired commander of an undercover unit is called back when a militant thought dead turns out to be alive."
FAUDA[1][0]["ru_overview"] = "Отставного командира спецподразделения возвращают на службу, когда считавшийся погибшим боевик оказывается жив."

EPIDEMIA = {
 1: numbered(weekly("2019-11-14", 8), 50, d=["Pavel Kostomarov"]),
 2: numbered(weekly("2022-04-21", 8), 50, d=["Dmitry Tyurin"], w=["Roman Kantor"]),
}
EPIDEMIA[1][0]["overview"] = "An unknown virus reaches Moscow, and a family on the city's edge decides to leave while it still can."
EPIDEMIA[1][0]["ru_overview"] = "Неизвестный вирус добирается до Москвы, и семья на окраине решает уехать, пока ещё можно."

NBC, HBO, AMC, BBC1, BBC2, NETFLIX, APPLE = ((6, "NBC", "US"), (49, "HBO", "US"), (174, "AMC", "US"),
  (4, "BBC One", "GB"), (332, "BBC Two", "GB"), (213, "Netflix", ""), (2552, "Apple TV+", "US"))
MAX, NETFLIX_P, APPLE_P = (1899, "Max"), (8, "Netflix"), (350, "Apple TV+")

def r(imdb, kp, mc, rt, tmdb):
  return dict(imdb=imdb, kinopoisk=kp, metacritic=mc, rotten_tomatoes=rt, tmdb=tmdb)

# `episodes` maps a season number to its episodes; `seasons` is every season as
# (number, air date, episode count); cast is (name, character, episode count), crew (name, job, count).
SERIES = [
 dict(id=1668, name="Friends", original="Friends", lang="en", country="US", first="1994-09-22", last="2004-05-06",
   status="Ended", networks=[NBC], created_by=["David Crane", "Marta Kauffman"], genres=[35, 18], run=[22],
   seasons=[(1, "1994-09-22", 24), (2, "1995-09-21", 24), (3, "1996-09-19", 25), (4, "1997-09-25", 24),
            (5, "1998-09-24", 24), (6, "1999-09-23", 25), (7, "2000-10-12", 24), (8, "2001-09-27", 24),
            (9, "2002-09-26", 24), (10, "2003-09-25", 18)],
   cert="TV-14", imdb_id="tt0108778", tagline="", tmdb=(8.4, 8500), ratings=r((8.9, 1100000), (8.9, 600000), (78, None), (78, None), (8.4, 8500)),
   cast=[("Jennifer Aniston", "Rachel Green", 236), ("Courteney Cox", "Monica Geller", 236), ("Lisa Kudrow", "Phoebe Buffay", 236),
         ("Matt LeBlanc", "Joey Tribbiani", 236), ("Matthew Perry", "Chandler Bing", 236), ("David Schwimmer", "Ross Geller", 236),
         ("Morgan Fairchild", "Nora Bing", 6), ("Brad Pitt", "Will Colbert", 1), ("Trudie Styler", "Herself", 1)],
   crew=[("David Crane", "Executive Producer", 236), ("Marta Kauffman", "Executive Producer", 236),
         ("Kevin S. Bright", "Executive Producer", 236), ("James Burrows", "Director", 15)],
   keywords=["friendship", "new york city", "sitcom"], providers=[MAX],
   episodes={1: FRIENDS_S1, 8: FRIENDS_S8},
   overview="Six friends in their twenties share apartments, a coffee-house sofa and ten years of jobs, dates, weddings and babies in Manhattan.",
   ru=("Друзья", "", "Шестеро друзей двадцати с небольшим лет делят квартиры, диван в кофейне и десять лет работы, свиданий, свадеб и детей на Манхэттене."),
   filler=("Another week of jobs, dates and arguments for the six friends.", "Ещё одна неделя работы, свиданий и споров шестерых друзей.")),
 dict(id=1398, name="The Sopranos", original="The Sopranos", lang="en", country="US", first="1999-01-10", last="2007-06-10",
   status="Ended", networks=[HBO], created_by=["David Chase"], genres=[18, 80], run=[55],
   seasons=[(1, "1999-01-10", 13), (2, "2000-01-16", 13), (3, "2001-03-04", 13), (4, "2002-09-15", 13), (5, "2004-03-07", 13), (6, "2006-03-12", 21)],
   cert="TV-MA", imdb_id="tt0141842", tagline="", tmdb=(8.6, 2800), ratings=r((9.2, 500000), (8.6, 90000), (94, None), (92, None), (8.6, 2800)),
   cast=[("James Gandolfini", "Tony Soprano", 86), ("Edie Falco", "Carmela Soprano", 86), ("Lorraine Bracco", "Dr. Jennifer Melfi", 75),
         ("Michael Imperioli", "Christopher Moltisanti", 78), ("Tony Sirico", "Paulie Gualtieri", 74)],
   crew=[("David Chase", "Executive Producer", 86)], keywords=["mafia", "new jersey", "psychiatrist"],
   providers=[MAX], episodes={1: SOPRANOS_S1, 2: SOPRANOS_S2},
   overview="A New Jersey mob boss tries to hold together two families, the one at home and the one in business, and talks about both to his psychiatrist.",
   ru=("Клан Сопрано", "", "Мафиозный босс из Нью-Джерси пытается удержать две семьи, домашнюю и деловую, и рассказывает о них своему психиатру."),
   filler=("Tony's two families pull him in different directions.", "Две семьи Тони тянут его в разные стороны.")),
 dict(id=1396, name="Breaking Bad", original="Breaking Bad", lang="en", country="US", first="2008-01-20", last="2013-09-29",
   status="Ended", networks=[AMC], created_by=["Vince Gilligan"], genres=[18, 80], run=[47],
   seasons=[(1, "2008-01-20", 7), (2, "2009-03-08", 13), (3, "2010-03-21", 13), (4, "2011-07-17", 13), (5, "2012-07-15", 16)],
   cert="TV-MA", imdb_id="tt0903747", tagline="Remember my name", tmdb=(8.9, 15000), ratings=r((9.5, 2300000), (8.9, 700000), (87, None), (96, None), (8.9, 15000)),
   cast=[("Bryan Cranston", "Walter White", 62), ("Aaron Paul", "Jesse Pinkman", 62), ("Anna Gunn", "Skyler White", 62),
         ("Dean Norris", "Hank Schrader", 62), ("Bob Odenkirk", "Saul Goodman", 43)],
   crew=[("Vince Gilligan", "Executive Producer", 62)], keywords=["drug dealer", "chemistry teacher", "albuquerque"],
   providers=[NETFLIX_P], episodes={1: BREAKING_S1, 2: BREAKING_S2},
   overview="A mild chemistry teacher in Albuquerque, facing a terminal diagnosis, turns his skill to making methamphetamine and slowly becomes someone else.",
   ru=("Во все тяжкие", "Запомни моё имя", "Тихий учитель химии из Альбукерке, узнав о смертельном диагнозе, обращает своё мастерство на производство метамфетамина и постепенно становится другим человеком."),
   filler=("Walter and Jesse's business grows more dangerous.", "Дело Уолтера и Джесси становится всё опаснее.")),
 dict(id=1399, name="Game of Thrones", original="Game of Thrones", lang="en", country="US", first="2011-04-17", last="2019-05-19",
   status="Ended", networks=[HBO], created_by=["David Benioff", "D. B. Weiss"], genres=[10765, 18, 10759], run=[],
   seasons=[(1, "2011-04-17", 10), (2, "2012-04-01", 10), (3, "2013-03-31", 10), (4, "2014-04-06", 10), (5, "2015-04-12", 10),
            (6, "2016-04-24", 10), (7, "2017-07-16", 7), (8, "2019-04-14", 6)],
   cert="TV-MA", imdb_id="tt0944947", tagline="Winter Is Coming", tmdb=(8.4, 24000), ratings=r((9.2, 2400000), (9.0, 800000), None, (89, None), (8.4, 24000)),
   cast=[("Emilia Clarke", "Daenerys Targaryen", 62), ("Kit Harington", "Jon Snow", 62), ("Peter Dinklage", "Tyrion Lannister", 67),
         ("Lena Headey", "Cersei Lannister", 62), ("Sophie Turner", "Sansa Stark", 59)],
   crew=[("David Benioff", "Executive Producer", 73), ("D. B. Weiss", "Executive Producer", 73), ("George R. R. Martin", "Novel", 73)],
   keywords=["based on novel or book", "kingdom", "dragon"], providers=[MAX],
   episodes={1: GOT_S1, 8: GOT_S8},
   overview="Noble houses of a divided continent scheme and fight for one throne while an old threat gathers beyond the northern wall.",
   ru=("Игра престолов", "Зима близко", "Знатные дома раздробленного континента плетут интриги и воюют за один трон, а за северной Стеной собирается древняя угроза."),
   filler=("The struggle for the Iron Throne moves on.", "Борьба за Железный трон продолжается.")),
 dict(id=19885, name="Sherlock", original="Sherlock", lang="en", country="GB", first="2010-07-25", last="2017-01-15",
   status="Ended", networks=[BBC1], created_by=["Mark Gatiss", "Steven Moffat"], genres=[80, 18, 9648], run=[88],
   seasons=[(0, "2016-01-01", 1), (1, "2010-07-25", 3), (2, "2012-01-01", 3), (3, "2014-01-01", 3), (4, "2017-01-01", 3)],
   cert="TV-14", imdb_id="tt1475582", tagline="", tmdb=(8.5, 5000), ratings=r((9.1, 1000000), (8.8, 400000), (85, None), (78, None), (8.5, 5000)),
   cast=[("Benedict Cumberbatch", "Sherlock Holmes", 13), ("Martin Freeman", "Dr. John Watson", 13), ("Una Stubbs", "Mrs. Hudson", 13),
         ("Rupert Graves", "DI Greg Lestrade", 13), ("Andrew Scott", "Jim Moriarty", 7)],
   crew=[("Steven Moffat", "Executive Producer", 13), ("Mark Gatiss", "Executive Producer", 13), ("Arthur Conan Doyle", "Characters", 13)],
   keywords=["sherlock holmes", "london, england", "detective"], providers=[],
   episodes=SHERLOCK,
   overview="Sherlock Holmes and Dr. John Watson solve crimes in present-day London, with text messages and a blog in place of telegrams.",
   ru=("Шерлок", "", "Шерлок Холмс и доктор Джон Ватсон раскрывают преступления в сегодняшнем Лондоне, где телеграммы сменились сообщениями и блогом."),
   filler=("Holmes and Watson take another case.", "Холмс и Ватсон берутся за новое дело.")),
 dict(id=66732, name="Stranger Things", original="Stranger Things", lang="en", country="US", first="2016-07-15", last="2025-12-31",
   status="Ended", networks=[NETFLIX], created_by=["Matt Duffer", "Ross Duffer"], genres=[18, 10765, 9648], run=[],
   seasons=[(1, "2016-07-15", 8), (2, "2017-10-27", 9), (3, "2019-07-04", 8), (4, "2022-05-27", 9), (5, "2025-11-26", 8)],
   cert="TV-14", imdb_id="tt4574334", tagline="", tmdb=(8.6, 18000), ratings=r((8.6, 1400000), (8.4, 450000), (76, None), (91, None), (8.6, 18000)),
   cast=[("Winona Ryder", "Joyce Byers", 42), ("David Harbour", "Jim Hopper", 42), ("Millie Bobby Brown", "Eleven", 42),
         ("Finn Wolfhard", "Mike Wheeler", 42), ("Noah Schnapp", "Will Byers", 42)],
   crew=[("Matt Duffer", "Executive Producer", 42), ("Ross Duffer", "Executive Producer", 42)],
   keywords=["small town", "supernatural", "1980s"], providers=[NETFLIX_P],
   episodes={1: STRANGER_S1, 2: STRANGER_S2},
   overview="When a boy vanishes in a small Indiana town in the 1980s, his friends, his mother and the local police chief run into secret experiments and a world beneath their own.",
   ru=("Очень странные дела", "", "Когда в маленьком городке в Индиане восьмидесятых пропадает мальчик, его друзья, мать и местный шеф полиции сталкиваются с тайными опытами и миром под их собственным."),
   filler=("Hawkins gets stranger.", "В Хокинсе становится всё страннее.")),
 dict(id=60574, name="Peaky Blinders", original="Peaky Blinders", lang="en", country="GB", first="2013-09-12", last="2022-04-03",
   status="Ended", networks=[BBC2, BBC1], created_by=["Steven Knight"], genres=[18, 80], run=[58],
   seasons=[(1, "2013-09-12", 6), (2, "2014-10-02", 6), (3, "2016-05-05", 6), (4, "2017-11-15", 6), (5, "2019-08-25", 6), (6, "2022-02-27", 6)],
   cert="TV-MA", imdb_id="tt2442560", tagline="", tmdb=(8.5, 10000), ratings=r((8.7, 700000), (8.5, 300000), None, (93, None), (8.5, 10000)),
   cast=[("Cillian Murphy", "Thomas Shelby", 36), ("Paul Anderson", "Arthur Shelby", 36), ("Helen McCrory", "Polly Gray", 30),
         ("Sophie Rundle", "Ada Shelby", 36), ("Joe Cole", "John Shelby", 16)],
   crew=[("Steven Knight", "Writer", 36)], keywords=["birmingham, england", "gang", "1920s"],
   providers=[NETFLIX_P], episodes={1: PEAKY_S1, 2: PEAKY_S2},
   overview="After the First World War, a Birmingham family gang led by its cold, clever middle brother reaches for more than the backstreets.",
   ru=("Острые козырьки", "", "После Первой мировой войны семейная банда из Бирмингема во главе с холодным и умным средним братом тянется к большему, чем задворки."),
   filler=("The Shelbys push their business further.", "Шелби расширяют свои дела.")),
 dict(id=46648, name="True Detective", original="True Detective", lang="en", country="US", first="2014-01-12", last="2024-02-18",
   status="Returning Series", in_production=True, networks=[HBO], created_by=["Nic Pizzolatto"], genres=[18, 80, 9648], run=[60],
   seasons=[(1, "2014-01-12", 8), (2, "2015-06-21", 8), (3, "2019-01-13", 8), (4, "2024-01-14", 6)],
   cert="TV-MA", imdb_id="tt2356777", tagline="", tmdb=(8.3, 3500), ratings=r((8.9, 650000), (8.4, 200000), None, (78, None), (8.3, 3500)),
   cast=[("Matthew McConaughey", "Rust Cohle", 8), ("Woody Harrelson", "Marty Hart", 8), ("Colin Farrell", "Ray Velcoro", 8),
         ("Mahershala Ali", "Wayne Hays", 8), ("Jodie Foster", "Liz Danvers", 6)],
   crew=[("Nic Pizzolatto", "Writer", 24), ("Cary Joji Fukunaga", "Director", 8)],
   keywords=["detective", "louisiana", "murder"], providers=[MAX],
   episodes={1: TD_S1, 2: TD_S2},
   overview="Each season a different case and different detectives, and a crime that takes years to let go of them.",
   ru=("Настоящий детектив", "", "Каждый сезон — новое дело и новые детективы, и преступление, которое не отпускает их годами."),
   filler=("The investigation goes deeper.", "Расследование заходит всё глубже.")),
 dict(id=85552, name="Euphoria", original="Euphoria", lang="en", country="US", first="2019-06-16", last="2022-02-27",
   status="Returning Series", in_production=True, networks=[HBO], created_by=["Sam Levinson"], genres=[18], run=[55],
   seasons=[(0, "2020-12-06", 2), (1, "2019-06-16", 8), (2, "2022-01-09", 8)],
   cert="TV-MA", imdb_id="tt8772296", tagline="", tmdb=(8.3, 10000), ratings=r((8.3, 250000), (7.9, 150000), (70, None), (86, None), (8.3, 10000)),
   cast=[("Zendaya", "Rue Bennett", 18), ("Hunter Schafer", "Jules Vaughn", 18), ("Jacob Elordi", "Nate Jacobs", 16),
         ("Sydney Sweeney", "Cassie Howard", 16), ("Maude Apatow", "Lexi Howard", 16)],
   crew=[("Sam Levinson", "Writer", 18)], keywords=["coming of age", "addiction", "high school"],
   providers=[MAX], episodes=EUPHORIA,
   overview="A teenager fresh out of rehab and the friends around her get through high school, love, drugs and the internet.",
   ru=("Эйфория", "", "Девушка, только что вернувшаяся из рехаба, и её друзья проходят через школу, любовь, наркотики и интернет."),
   filler=("Rue and her classmates get through another week.", "Ру и её одноклассники переживают ещё одну неделю.")),
 dict(id=125988, name="Silo", original="Silo", lang="en", country="US", first="2023-05-05", last="2025-01-17",
   status="Returning Series", in_production=True, networks=[APPLE], created_by=["Graham Yost"], genres=[10765, 18], run=[],
   seasons=[(1, "2023-05-05", 10), (2, "2024-11-15", 10)],
   cert="TV-MA", imdb_id="tt14688458", tagline="", tmdb=(8.1, 2000), ratings=r((8.1, 180000), (7.6, 80000), (76, None), (88, None), (8.1, 2000)),
   cast=[("Rebecca Ferguson", "Juliette Nichols", 20), ("Common", "Robert Sims", 20), ("Tim Robbins", "Bernard Holland", 20),
         ("Harriet Walter", "Martha Walker", 14)],
   crew=[("Graham Yost", "Executive Producer", 20), ("Hugh Howey", "Novel", 20)],
   keywords=["dystopia", "based on novel or book", "underground"], providers=[APPLE_P],
   episodes={1: SILO_S1, 2: SILO_S2},
   overview="Ten thousand people live in a deep silo under a poisoned world, and an engineer starts asking why the rules are what they are.",
   ru=("Укрытие", "", "Десять тысяч человек живут в глубоком бункере под отравленным миром, и инженер начинает спрашивать, почему правила именно таковы."),
   filler=("Life in the silo holds another secret.", "Жизнь в бункере скрывает ещё одну тайну.")),
 dict(id=93405, name="Squid Game", original="오징어 게임", lang="ko", country="KR", first="2021-09-17", last="2025-06-27",
   status="Ended", networks=[NETFLIX], created_by=["Hwang Dong-hyuk"], genres=[10759, 9648, 18], run=[],
   seasons=[(1, "2021-09-17", 9), (2, "2024-12-26", 7), (3, "2025-06-27", 6)],
   cert="TV-MA", imdb_id="tt10919420", tagline="", tmdb=(7.8, 16000), ratings=r((8.0, 650000), (7.6, 500000), (69, None), (95, None), (7.8, 16000)),
   cast=[("Lee Jung-jae", "Seong Gi-hun", 22), ("Lee Byung-hun", "Front Man", 14), ("Wi Ha-joon", "Hwang Jun-ho", 20),
         ("Park Hae-soo", "Cho Sang-woo", 9), ("Jung Ho-yeon", "Kang Sae-byeok", 9)],
   crew=[("Hwang Dong-hyuk", "Director", 22)], keywords=["survival", "debt", "deadly game"],
   providers=[NETFLIX_P], episodes=SQUID,
   overview="Hundreds of people in ruinous debt agree to play children's games for a huge prize, and learn what losing costs.",
   ru=("Игра в кальмара", "", "Сотни людей с разорительными долгами соглашаются сыграть в детские игры ради огромного приза и узнают, чего стоит проигрыш."),
   filler=("The games go on.", "Игры продолжаются.")),
 dict(id=70523, name="Dark", original="Dark", lang="de", country="DE", first="2017-12-01", last="2020-06-27",
   status="Ended", networks=[NETFLIX], created_by=["Baran bo Odar", "Jantje Friese"], genres=[80, 18, 10765, 9648], run=[55],
   seasons=[(1, "2017-12-01", 10), (2, "2019-06-21", 8), (3, "2020-06-27", 8)],
   cert="TV-MA", imdb_id="tt5753856", tagline="", tmdb=(8.4, 7000), ratings=r((8.7, 450000), (8.3, 200000), (76, None), (95, None), (8.4, 7000)),
   cast=[("Louis Hofmann", "Jonas Kahnwald", 26), ("Lisa Vicari", "Martha Nielsen", 26), ("Oliver Masucci", "Ulrich Nielsen", 22),
         ("Karoline Eichhorn", "Charlotte Doppler", 26)],
   crew=[("Baran bo Odar", "Director", 26), ("Jantje Friese", "Writer", 26)],
   keywords=["time travel", "small town", "germany"], providers=[NETFLIX_P],
   episodes=DARK,
   overview="A child's disappearance in a small German town exposes the ties between four families, and a pattern that repeats every 33 years.",
   ru=("Тьма", "", "Исчезновение ребёнка в маленьком немецком городке обнажает связи между четырьмя семьями и закономерность, повторяющуюся каждые 33 года."),
   filler=("Winden's past and present draw closer.", "Прошлое и настоящее Виндена сближаются.")),
 dict(id=67744, name="Mindhunter", original="Mindhunter", lang="en", country="US", first="2017-10-13", last="2019-08-16",
   status="Canceled", networks=[NETFLIX], created_by=["Joe Penhall"], genres=[80, 18], run=[60],
   seasons=[(1, "2017-10-13", 10), (2, "2019-08-16", 9)],
   cert="TV-MA", imdb_id="tt5290382", tagline="", tmdb=(8.3, 3000), ratings=r((8.6, 330000), (8.3, 150000), (79, None), (97, None), (8.3, 3000)),
   cast=[("Jonathan Groff", "Holden Ford", 19), ("Holt McCallany", "Bill Tench", 19), ("Anna Torv", "Wendy Carr", 19),
         ("Cameron Britton", "Edmund Kemper", 4)],
   crew=[("David Fincher", "Director", 7), ("Joe Penhall", "Writer", 10), ("David Fincher", "Executive Producer", 19)],
   keywords=["fbi", "murder", "serial killer"], providers=[NETFLIX_P],
   episodes=MINDHUNTER,
   overview="In the late 1970s two FBI agents and a psychologist interview imprisoned killers to learn how they think, the beginnings of criminal profiling.",
   ru=("Охотник за разумом", "", "В конце семидесятых два агента ФБР и психолог беседуют с осуждёнными убийцами, чтобы понять, как те мыслят: так рождается криминальное профилирование."),
   filler=("Holden and Bill take their interviews further.", "Холден и Билл продолжают свои беседы.")),
 dict(id=110316, name="Alice in Borderland", original="今際の国のアリス", lang="ja", country="JP", first="2020-12-10", last="2025-09-25",
   status="Returning Series", networks=[NETFLIX], created_by=[], genres=[10765, 10759, 18], run=[],
   seasons=[(1, "2020-12-10", 8), (2, "2022-12-22", 8), (3, "2025-09-25", 6)],
   cert="TV-MA", imdb_id="tt10795658", tagline="", tmdb=(8.0, 3000),
   cast=[("Kento Yamazaki", "Ryohei Arisu", 22), ("Tao Tsuchiya", "Yuzuha Usagi", 22), ("Nijiro Murakami", "Shuntaro Chishiya", 16),
         ("Aya Asahina", "Hikari Kuina", 16)],
   crew=[("Shinsuke Sato", "Director", 16), ("Haro Aso", "Comic Book", 22)],
   keywords=["survival", "deadly game", "based on manga"], providers=[NETFLIX_P],
   episodes=ALICE,
   overview="A young gamer and his friends wake up in an empty Tokyo where staying alive means winning deadly games.",
   ru=("Алиса в Пограничье", "", "Молодой геймер и его друзья оказываются в опустевшем Токио, где остаться в живых можно, только выигрывая смертельные игры."),
   filler=("Another game decides who stays.", "Очередная игра решает, кто останется.")),
 dict(id=66119, name="Fauda", original="פאודה", lang="he", country="IL", first="2015-02-15", last=None,
   status="Returning Series", networks=[], created_by=["Lior Raz", "Avi Issacharoff"], genres=[18, 10759], run=[45],
   seasons=[(1, "2015-02-15", 12), (2, "2017-12-31", 12), (3, None, 12), (4, None, 12)],
   cert="TV-MA", imdb_id="tt4565380", tagline="", tmdb=(7.8, 500),
   cast=[("Lior Raz", "Doron Kavillio", 48), ("Hisham Suleiman", "Taufiq Hamed", 12)],
   crew=[("Lior Raz", "Writer", 48), ("Avi Issacharoff", "Writer", 48)],
   keywords=["undercover", "israel"], providers=[NETFLIX_P],
   episodes=FAUDA,
   overview="An Israeli undercover unit operates in the West Bank, and its missions cost both sides more than they planned.",
   ru=("Фауда", "", "Израильское спецподразделение под прикрытием действует на Западном берегу, и каждая операция обходится обеим сторонам дороже, чем они рассчитывали."),
   filler=("The unit's mission grows more tangled.", "Операция подразделения всё больше запутывается.")),
 dict(id=94305, name="To the Lake", original="Эпидемия", lang="ru", country="RU", first="2019-11-14", last="2022-06-09",
   status="Returning Series", networks=[], created_by=[], genres=[18, 10765], run=[50],
   seasons=[(1, "2019-11-14", 8), (2, "2022-04-21", 8)],
   cert="TV-MA", imdb_id=None, tagline="", tmdb=(7.3, 300),
   cast=[("Kirill Käro", "Sergey", 16), ("Viktoriya Isakova", "Anya", 8), ("Maryana Spivak", "Irina", 16),
         ("Aleksandr Robak", "Lyonya", 16), ("Yura Borisov", "Zhenya", 8)],
   crew=[("Pavel Kostomarov", "Director", 8), ("Dmitry Tyurin", "Director", 8), ("Roman Kantor", "Writer", 16), ("Yana Vagner", "Novel", 8)],
   keywords=["post-apocalyptic future", "virus", "karelia"], providers=[NETFLIX_P],
   episodes=EPIDEMIA,
   overview="As a deadly virus empties Moscow, a man, his new partner, his former wife and their children head north for an island on a Karelian lake.",
   ru=("Эпидемия", "", "Пока смертельный вирус опустошает Москву, мужчина, его новая спутница, бывшая жена и их дети отправляются на север, к острову на карельском озере."),
   filler=("The road north brings another danger.", "Дорога на север приносит новую опасность.")),
]
