#!/usr/bin/env python3
"""Writes Demo/answers/: the demo data set, one amodb-shaped JSON answer a file.

A file's path is its request: `en/movie/550.json` answers `/movie/550`, and a query is kept
after an `@` (`en/trending/movie/week@page=1.json` answers `/trending/movie/week?page=1`);
the first folder is the language (`ru/…` is `--demo --language ru-RU`). The build embeds them
(Plugins/EmbedPlugin writes `DemoResources.files` from these files), so edit this script and
run it, never the generated code.

Every answer in English (`en/`) and in Russian (`ru/`, `--demo --language ru-RU`).
The films, years, people and parts are facts; overviews are our own words; scores are
rounded public figures. Edge cases are deliberate: no poster (Metropolis), no release
date, no votes and no ratings (Better Than Me), CJK, Cyrillic and Hebrew titles, a very
long title, a title with a combining mark, and a long multi-paragraph overview.
"""
import json, pathlib, random, shutil, sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from demo_series import SERIES  # noqa: E402  the series' facts; the answers are built below

def person(name, role): return (name, role)

FILMS = [
 dict(id=693134, title="Dune: Part Two", date="2024-03-01", runtime=166, genres=["Science Fiction","Adventure"],
   tagline="Long live the fighters.", tmdb=(8.1, 6500), imdb=(8.5, 640000), kp=(8.1, 310000), mc=79, rt=92,
   directors=["Denis Villeneuve"], writers=[("Denis Villeneuve","Screenplay"),("Jon Spaihts","Screenplay"),("Frank Herbert","Novel")],
   cast=[("Timothée Chalamet","Paul Atreides"),("Zendaya","Chani"),("Rebecca Ferguson","Lady Jessica"),("Javier Bardem","Stilgar"),("Austin Butler","Feyd-Rautha Harkonnen"),("Florence Pugh","Princess Irulan")],
   overview="Paul Atreides joins the Fremen of Arrakis and, with Chani at his side, turns their war against House Harkonnen into something larger than revenge, while a prophecy he distrusts closes in around him."),
 dict(id=872585, title="Oppenheimer", date="2023-07-19", runtime=181, genres=["Drama","History"],
   tagline="The world forever changes.", tmdb=(8.1, 9800), imdb=(8.3, 880000), kp=(8.0, 420000), mc=90, rt=93,
   directors=["Christopher Nolan"], writers=[("Christopher Nolan","Screenplay"),("Kai Bird","Book"),("Martin J. Sherwin","Book")],
   cast=[("Cillian Murphy","J. Robert Oppenheimer"),("Emily Blunt","Kitty Oppenheimer"),("Matt Damon","Leslie Groves"),("Robert Downey Jr.","Lewis Strauss"),("Florence Pugh","Jean Tatlock")],
   overview="The physicist J. Robert Oppenheimer leads the wartime project that builds the first atomic bomb, and years later faces a closed hearing that puts his loyalty, and his conscience, on trial.\n\nTold in two strands, one in colour and one in black and white, the film follows the man from Göttingen lecture halls to the desert of Los Alamos and the Trinity test, and on to the political reckoning that followed.\n\nIt asks what a scientist owes the world once an idea has left the blackboard."),
 dict(id=550, title="Fight Club", date="1999-10-15", runtime=139, genres=["Drama"],
   tagline="Mischief. Mayhem. Soap.", tmdb=(8.4, 30000), imdb=(8.8, 2400000), kp=(8.7, 1000000), mc=67, rt=81,
   directors=["David Fincher"], writers=[("Jim Uhls","Screenplay"),("Chuck Palahniuk","Novel")],
   cast=[("Edward Norton","Narrator"),("Brad Pitt","Tyler Durden"),("Helena Bonham Carter","Marla Singer"),("Meat Loaf","Robert 'Bob' Paulson"),("Jared Leto","Angel Face")],
   overview="An insomniac office worker and a soap salesman start an underground fight club that grows into something far more dangerous."),
 dict(id=146, title="卧虎藏龙", original="臥虎藏龍", date="2000-07-06", runtime=120, genres=["Action","Drama","Romance"],
   tagline="A timeless story of strength, secrets and two warriors who would never surrender.", tmdb=(7.4, 3000), imdb=(7.9, 290000), kp=(7.4, 60000), mc=94, rt=98,
   directors=["Ang Lee"], writers=[("Wang Hui-ling","Screenplay"),("James Schamus","Screenplay"),("Tsai Kuo-jung","Screenplay"),("Wang Dulu","Novel")],
   cast=[("Chow Yun-fat","Li Mu Bai"),("Michelle Yeoh","Yu Shu Lien"),("Zhang Ziyi","Jen Yu"),("Chang Chen","Lo")],
   overview="A legendary sword is stolen in Qing-dynasty Beijing, and two seasoned warriors follow the trail to a young aristocrat who wants a freer life than the one arranged for her."),
 dict(id=1398, title="Сталкер", original="Сталкер", date="1979-05-25", runtime=162, genres=["Science Fiction","Drama"],
   tagline=None, tmdb=(8.1, 2100), imdb=(8.0, 150000), kp=(8.0, 95000), mc=None, rt=None,
   directors=["Andrei Tarkovsky"], writers=[("Arkady Strugatsky","Screenplay"),("Boris Strugatsky","Screenplay")],
   cast=[("Alexander Kaidanovsky","Stalker"),("Anatoly Solonitsyn","Writer"),("Nikolai Grinko","Professor"),("Alisa Freindlich","Stalker's Wife")],
   overview="A guide leads a writer and a professor through the forbidden Zone towards a room said to grant the deepest wish of whoever enters it."),
 dict(id=8885, title="ואלס עם באשיר", original="ואלס עם באשיר", date="2008-06-12", runtime=90, genres=["Animation","Documentary","War"],
   tagline=None, tmdb=(7.7, 850), imdb=(8.0, 62000), kp=(7.6, 20000), mc=91, rt=96,
   directors=["Ari Folman"], writers=[("Ari Folman","Writer")],
   cast=[("Ari Folman","Himself (voice)"),("Ori Sivan","Himself (voice)"),("Ron Ben-Yishai","Himself (voice)")],
   overview="A filmmaker interviews old comrades to recover his lost memories of serving in the 1982 Lebanon War."),
 dict(id=935, title="Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb", date="1964-01-29", runtime=95, genres=["Comedy","War"],
   tagline="The hot-line suspense comedy!", tmdb=(8.0, 6200), imdb=(8.4, 520000), kp=(8.0, 80000), mc=97, rt=98,
   directors=["Stanley Kubrick"], writers=[("Stanley Kubrick","Screenplay"),("Terry Southern","Screenplay"),("Peter George","Screenplay")],
   cast=[("Peter Sellers","Group Capt. Lionel Mandrake / President Merkin Muffley / Dr. Strangelove"),("George C. Scott","Gen. 'Buck' Turgidson"),("Sterling Hayden","Brig. Gen. Jack D. Ripper"),("Slim Pickens","Maj. T.J. 'King' Kong")],
   overview="A deranged general orders a nuclear strike on the Soviet Union, and the men in the War Room scramble to call it back."),
 dict(id=496243, title="Parasite", original="기생충", date="2019-05-30", runtime=133, genres=["Comedy","Thriller","Drama"],
   tagline="Act like you own the place.", tmdb=(8.5, 19000), imdb=(8.5, 1000000), kp=(8.0, 500000), mc=96, rt=99,
   directors=["Bong Joon Ho"], writers=[("Bong Joon Ho","Screenplay"),("Han Jin-won","Screenplay")],
   cast=[("Song Kang-ho","Kim Ki-taek"),("Lee Sun-kyun","Park Dong-ik"),("Cho Yeo-jeong","Choi Yeon-gyo"),("Choi Woo-shik","Kim Ki-woo"),("Park So-dam","Kim Ki-jung")],
   overview="A poor family schemes its way, one job at a time, into the household of a wealthy one, until a secret in the basement upends everything."),
 dict(id=545611, title="Everything Everywhere All at Once", date="2022-03-24", runtime=140, genres=["Action","Adventure","Science Fiction"],
   tagline="The universe is so much bigger than you realize.", tmdb=(7.8, 7000), imdb=(7.8, 580000), kp=(7.2, 120000), mc=81, rt=93,
   directors=["Daniel Kwan","Daniel Scheinert"], writers=[("Daniel Kwan","Writer"),("Daniel Scheinert","Writer")],
   cast=[("Michelle Yeoh","Evelyn Quan Wang"),("Ke Huy Quan","Waymond Wang"),("Stephanie Hsu","Joy Wang / Jobu Tupaki"),("Jamie Lee Curtis","Deirdre Beaubeirdre"),("James Hong","Gong Gong")],
   overview="A laundromat owner in the middle of a tax audit learns she can borrow the skills of her other selves across the multiverse."),
 dict(id=238, title="The Godfather", date="1972-03-14", runtime=175, genres=["Drama","Crime"],
   tagline="An offer you can't refuse.", tmdb=(8.7, 21000), imdb=(9.2, 2100000), kp=(8.7, 700000), mc=100, rt=97,
   directors=["Francis Ford Coppola"], writers=[("Mario Puzo","Screenplay"),("Francis Ford Coppola","Screenplay"),("Mario Puzo","Novel")],
   cast=[("Marlon Brando","Don Vito Corleone"),("Al Pacino","Michael Corleone"),("James Caan","Sonny Corleone"),("Robert Duvall","Tom Hagen"),("Diane Keaton","Kay Adams")],
   overview="The ageing head of a New York crime family hands his empire to his reluctant youngest son."),
 dict(id=129, title="Spirited Away", original="千と千尋の神隠し", date="2001-07-20", runtime=125, genres=["Animation","Family","Fantasy"],
   tagline=None, tmdb=(8.5, 17000), imdb=(8.6, 900000), kp=(8.5, 560000), mc=96, rt=96,
   directors=["Hayao Miyazaki"], writers=[("Hayao Miyazaki","Screenplay")],
   cast=[("Rumi Hiiragi","Chihiro Ogino / Sen (voice)"),("Miyu Irino","Haku (voice)"),("Mari Natsuki","Yubaba / Zeniba (voice)"),("Bunta Sugawara","Kamaji (voice)")],
   overview="A girl who wanders into a world of spirits must work in a bathhouse for a witch to free her parents, who have been turned into pigs."),
 dict(id=157336, title="Interstellar", date="2014-11-05", runtime=169, genres=["Adventure","Drama","Science Fiction"],
   tagline="Mankind was born on Earth. It was never meant to die here.", tmdb=(8.5, 37000), imdb=(8.7, 2300000), kp=(8.6, 900000), mc=74, rt=73,
   directors=["Christopher Nolan"], writers=[("Jonathan Nolan","Writer"),("Christopher Nolan","Writer")],
   cast=[("Matthew McConaughey","Cooper"),("Anne Hathaway","Brand"),("Jessica Chastain","Murph"),("Michael Caine","Professor Brand"),("Mackenzie Foy","Young Murph")],
   overview="With crops failing on Earth, a former pilot leaves his children to lead an expedition through a wormhole in search of a new home for humanity."),
 dict(id=346, title="Seven Samurai", original="七人の侍", date="1954-04-26", runtime=207, genres=["Action","Drama"],
   tagline=None, tmdb=(8.5, 3800), imdb=(8.6, 370000), kp=(8.2, 60000), mc=98, rt=100,
   directors=["Akira Kurosawa"], writers=[("Akira Kurosawa","Screenplay"),("Shinobu Hashimoto","Screenplay"),("Hideo Oguni","Screenplay")],
   cast=[("Toshiro Mifune","Kikuchiyo"),("Takashi Shimura","Kambei Shimada"),("Keiko Tsushima","Shino"),("Isao Kimura","Katsushiro Okamoto")],
   overview="A village of farmers hires seven masterless samurai to defend it from bandits who return every harvest."),
 dict(id=843, title="花樣年華", original="花樣年華", date="2000-09-29", runtime=98, genres=["Drama","Romance"],
   tagline="Feel the heat, keep the feeling burning, let the sensation explode.", tmdb=(8.1, 2600), imdb=(8.1, 170000), kp=(7.8, 50000), mc=87, rt=92,
   directors=["Wong Kar-wai"], writers=[("Wong Kar-wai","Writer")],
   cast=[("Tony Leung Chiu-wai","Chow Mo-wan"),("Maggie Cheung","Su Li-zhen"),("Rebecca Pan","Mrs. Suen")],
   overview="In 1962 Hong Kong two neighbours discover that their spouses are having an affair, and slowly, carefully, fall for each other."),
 dict(id=25237, title="Иди и смотри", original="Иди и смотри", date="1985-10-17", runtime=142, genres=["Drama","War"],
   tagline=None, tmdb=(8.3, 1600), imdb=(8.4, 100000), kp=(8.2, 130000), mc=None, rt=91,
   directors=["Elem Klimov"], writers=[("Ales Adamovich","Screenplay"),("Elem Klimov","Screenplay")],
   cast=[("Aleksei Kravchenko","Flyora"),("Olga Mironova","Glasha")],
   overview="A Belarusian boy joins the partisans in 1943 and witnesses the horrors of the Nazi occupation."),
 dict(id=680, title="Pulp Fiction", date="1994-09-10", runtime=154, genres=["Thriller","Crime"],
   tagline="Just because you are a character doesn't mean you have character.", tmdb=(8.5, 29000), imdb=(8.9, 2300000), kp=(8.6, 650000), mc=95, rt=92,
   directors=["Quentin Tarantino"], writers=[("Quentin Tarantino","Writer"),("Roger Avary","Story")],
   cast=[("John Travolta","Vincent Vega"),("Samuel L. Jackson","Jules Winnfield"),("Uma Thurman","Mia Wallace"),("Bruce Willis","Butch Coolidge"),("Ving Rhames","Marsellus Wallace")],
   overview="Two hit men, a boxer, a gangster's wife and a pair of diner robbers cross paths in a series of interlocking Los Angeles stories."),
 dict(id=603, title="The Matrix", date="1999-03-31", runtime=136, genres=["Action","Science Fiction"],
   tagline="Welcome to the Real World.", tmdb=(8.2, 27000), imdb=(8.7, 2200000), kp=(8.5, 650000), mc=73, rt=83,
   directors=["Lana Wachowski","Lilly Wachowski"], writers=[("Lana Wachowski","Writer"),("Lilly Wachowski","Writer")],
   cast=[("Keanu Reeves","Thomas A. Anderson / Neo"),("Laurence Fishburne","Morpheus"),("Carrie-Anne Moss","Trinity"),("Hugo Weaving","Agent Smith")],
   overview="A hacker learns that the world he knows is a simulation and joins the rebels fighting the machines that built it."),
 dict(id=78, title="Blade Runner", date="1982-06-25", runtime=117, genres=["Science Fiction","Drama","Thriller"],
   tagline="Man has made his match... now it's his problem.", tmdb=(7.9, 14000), imdb=(8.1, 830000), kp=(7.9, 150000), mc=84, rt=89,
   directors=["Ridley Scott"], writers=[("Hampton Fancher","Screenplay"),("David Peoples","Screenplay"),("Philip K. Dick","Novel")],
   cast=[("Harrison Ford","Rick Deckard"),("Rutger Hauer","Roy Batty"),("Sean Young","Rachael"),("Daryl Hannah","Pris")],
   overview="In a rain-soaked Los Angeles of 2019, a retired blade runner is called back to hunt four replicants who have returned to Earth."),
 dict(id=194, title="Ame\u0301lie", original="Le Fabuleux Destin d'Ame\u0301lie Poulain", date="2001-04-25", runtime=122, genres=["Comedy","Romance"],
   tagline="She'll change your life.", tmdb=(7.9, 11500), imdb=(8.3, 800000), kp=(7.9, 300000), mc=69, rt=89,
   directors=["Jean-Pierre Jeunet"], writers=[("Guillaume Laurant","Screenplay"),("Jean-Pierre Jeunet","Screenplay")],
   cast=[("Audrey Tautou","Amélie Poulain"),("Mathieu Kassovitz","Nino Quincampoix"),("Rufus","Raphaël Poulain")],
   overview="A shy waitress in Montmartre decides to quietly change the lives of the people around her, and then has to find the courage to change her own."),
 dict(id=348, title="Alien", date="1979-05-25", runtime=117, genres=["Horror","Science Fiction"],
   tagline="In space no one can hear you scream.", tmdb=(8.2, 15000), imdb=(8.5, 950000), kp=(8.0, 200000), mc=89, rt=93,
   directors=["Ridley Scott"], writers=[("Dan O'Bannon","Screenplay"),("Ronald Shusett","Story")],
   cast=[("Sigourney Weaver","Ellen Ripley"),("Tom Skerritt","Dallas"),("John Hurt","Kane"),("Ian Holm","Ash")],
   overview="The crew of a commercial towing ship answers a distress call and brings back something that hunts them one by one."),
 dict(id=289, title="Casablanca", date="1942-11-26", runtime=102, genres=["Drama","Romance"],
   tagline="They had a date with fate in Casablanca!", tmdb=(8.2, 5500), imdb=(8.5, 600000), kp=(8.0, 60000), mc=100, rt=99,
   directors=["Michael Curtiz"], writers=[("Julius J. Epstein","Screenplay"),("Philip G. Epstein","Screenplay"),("Howard Koch","Screenplay")],
   cast=[("Humphrey Bogart","Rick Blaine"),("Ingrid Bergman","Ilsa Lund"),("Paul Henreid","Victor Laszlo"),("Claude Rains","Captain Louis Renault")],
   overview="A cynical nightclub owner in wartime Morocco must choose between his old love and helping her husband escape the Nazis."),
 dict(id=19, title="Metropolis", date="1927-01-10", runtime=153, genres=["Drama","Science Fiction"], noposter=True,
   tagline="There can be no understanding between the hands and the brain unless the heart acts as mediator.", tmdb=(8.1, 2700), imdb=(8.3, 190000), kp=None, mc=98, rt=None,
   directors=["Fritz Lang"], writers=[("Thea von Harbou","Screenplay"),("Fritz Lang","Screenplay")],
   cast=[("Brigitte Helm","Maria"),("Alfred Abel","Joh Fredersen"),("Gustav Fröhlich","Freder Fredersen"),("Rudolf Klein-Rogge","Rotwang")],
   overview="In a towering city of the future, the son of its master falls for a woman of the workers who toil beneath it."),
 dict(id=79, title="英雄", original="英雄", date="2002-12-19", runtime=99, genres=["Drama","Adventure","Action","History"],
   tagline=None, tmdb=(7.3, 2500), imdb=(7.9, 190000), kp=(7.5, 70000), mc=85, rt=94,
   directors=["Zhang Yimou"], writers=[("Li Feng","Screenplay"),("Zhang Yimou","Screenplay"),("Wang Bin","Screenplay")],
   cast=[("Jet Li","Nameless"),("Tony Leung Chiu-wai","Broken Sword"),("Maggie Cheung","Flying Snow"),("Zhang Ziyi","Moon")],
   overview="A nameless warrior tells the King of Qin how he defeated three assassins, and the king answers with versions of his own."),
 dict(id=38810, title="Летят журавли", original="Летят журавли", date="1957-10-12", runtime=97, genres=["Drama","Romance","War"],
   tagline=None, tmdb=(8.0, 330), imdb=(8.2, 22000), kp=(8.2, 50000), mc=None, rt=100,
   directors=["Mikhail Kalatozov"], writers=[("Viktor Rozov","Screenplay")],
   cast=[("Tatiana Samoilova","Veronika"),("Aleksey Batalov","Boris")],
   overview="Two young lovers in Moscow are parted when he volunteers for the front in 1941, and she is left to wait."),
 dict(id=1236474, title="Better Than Me", date="", runtime=0, genres=[], noposter=True, noratings=True,
   tagline=None, tmdb=(0, 0), imdb=None, kp=None, mc=None, rt=None,
   directors=[], writers=[], cast=[], overview=""),
]

WEEK1 = [693134, 872585, 550, 146, 1398, 8885, 935, 496243, 545611, 238, 129, 157336, 346, 843, 25237, 680, 603, 78, 194, 348]
WEEK2 = [289, 19, 79, 38810, 1236474]
DAY1 = [872585, 8885, 1398, 146, 19, 1236474, 935, 550, 129, 603]

by_id = {f["id"]: f for f in FILMS}
assert len(by_id) == len(FILMS)

# The same films in Russian (amodb's `language=ru-RU`): titles as Russian distributors and
# Kinopoisk give them, overviews and taglines in our own words, genres as TMDB names them in Russian.
RU = {
 693134: ("Дюна: Часть вторая", "Да здравствуют бойцы.", "Пол Атрейдес примыкает к фрименам Арракиса и вместе с Чани превращает их войну с домом Харконненов в нечто большее, чем месть, а пророчество, которому он не верит, смыкается вокруг него."),
 872585: ("Оппенгеймер", "Мир изменится навсегда.", "Физик Роберт Оппенгеймер руководит военным проектом, который создаёт первую атомную бомбу, а годы спустя предстаёт перед закрытым слушанием, где судят его верность и его совесть.\n\nФильм рассказан в двух линиях, цветной и чёрно-белой, и ведёт героя от аудиторий Гёттингена к пустыне Лос-Аламоса и испытанию «Тринити», а затем к политической расплате.\n\nОн спрашивает, чем учёный обязан миру, когда идея покинула доску."),
 550: ("Бойцовский клуб", "Озорство. Хаос. Мыло.", "Офисный работник, страдающий бессонницей, и торговец мылом открывают подпольный бойцовский клуб, который перерастает в нечто куда более опасное."),
 146: ("Крадущийся тигр, затаившийся дракон", None, "В Пекине эпохи Цин похищают легендарный меч, и два опытных воина идут по следу к юной аристократке, которая хочет жизни свободнее той, что ей уготована."),
 1398: ("Сталкер", None, "Проводник ведёт Писателя и Профессора через запретную Зону к комнате, которая, как говорят, исполняет самое заветное желание вошедшего."),
 8885: ("Вальс с Баширом", None, "Режиссёр расспрашивает старых товарищей, чтобы вернуть утраченные воспоминания о службе в Ливанской войне 1982 года."),
 935: ("Доктор Стрейнджлав, или Как я научился не волноваться и полюбил атомную бомбу", "Комедия о горячей линии!", "Обезумевший генерал отдаёт приказ о ядерном ударе по Советскому Союзу, и люди в Военной комнате пытаются его отменить."),
 496243: ("Паразиты", "Ведите себя как хозяева.", "Бедная семья шаг за шагом, работа за работой проникает в дом богатой, пока тайна в подвале не переворачивает всё."),
 545611: ("Всё везде и сразу", "Вселенная гораздо больше, чем вы думаете.", "Владелица прачечной посреди налоговой проверки узнаёт, что может заимствовать умения других своих «я» по всей мультивселенной."),
 238: ("Крёстный отец", "Предложение, от которого невозможно отказаться.", "Стареющий глава нью-йоркской мафиозной семьи передаёт свою империю младшему сыну, который этого не хотел."),
 129: ("Унесённые призраками", None, "Девочка, попавшая в мир духов, должна работать в купальне у ведьмы, чтобы освободить родителей, превращённых в свиней."),
 157336: ("Интерстеллар", "Человечество родилось на Земле. Оно не обязано здесь умереть.", "Урожаи на Земле гибнут, и бывший пилот оставляет детей, чтобы повести экспедицию через червоточину в поисках нового дома для человечества."),
 346: ("Семь самураев", None, "Крестьяне нанимают семерых самураев без господина, чтобы защитить деревню от разбойников, которые возвращаются каждый урожай."),
 843: ("Любовное настроение", "Почувствуйте жар и не дайте чувству остыть.", "Гонконг, 1962 год. Соседи узнают, что их супруги изменяют им, и медленно, осторожно влюбляются друг в друга."),
 25237: ("Иди и смотри", None, "Белорусский подросток в 1943 году уходит к партизанам и становится свидетелем ужасов нацистской оккупации."),
 680: ("Криминальное чтиво", "Быть персонажем не значит иметь характер.", "Два киллера, боксёр, жена гангстера и пара грабителей закусочной пересекаются в сплетённых между собой лос-анджелесских историях."),
 603: ("Матрица", "Добро пожаловать в реальный мир.", "Хакер узнаёт, что знакомый ему мир — симуляция, и присоединяется к повстанцам, воюющим с машинами, которые её создали."),
 78: ("Бегущий по лезвию", "Человек создал себе ровню... теперь это его проблема.", "В залитом дождём Лос-Анджелесе 2019 года отставного блейдраннера возвращают на службу, чтобы выследить четырёх репликантов, вернувшихся на Землю."),
 194: ("Амели", "Она изменит вашу жизнь.", "Застенчивая официантка с Монмартра решает тихо изменить жизнь окружающих, а потом ей приходится найти смелость изменить свою."),
 348: ("Чужой", "В космосе никто не услышит твой крик.", "Экипаж грузового буксира откликается на сигнал бедствия и привозит на борт нечто, что охотится на них одного за другим."),
 289: ("Касабланка", "У них было свидание с судьбой в Касабланке!", "Циничный владелец ночного клуба в военном Марокко должен выбрать между старой любовью и помощью её мужу в бегстве от нацистов."),
 19: ("Метрополис", "Между руками и мозгом не может быть понимания, если сердце не станет посредником.", "В огромном городе будущего сын его хозяина влюбляется в девушку из рабочих, которые трудятся под землёй."),
 79: ("Герой", None, "Безымянный воин рассказывает царю Цинь, как победил трёх убийц, а царь отвечает своими версиями этой истории."),
 38810: ("Летят журавли", None, "Молодых влюблённых в Москве разлучает война: в 1941 году он уходит добровольцем на фронт, а она остаётся ждать."),
 1236474: ("Лучше, чем я", None, ""),
}
GENRES_RU = {"Action": "боевик", "Adventure": "приключения", "Animation": "мультфильм", "Comedy": "комедия",
             "Crime": "криминал", "Documentary": "документальный", "Drama": "драма", "Family": "семейный",
             "Fantasy": "фэнтези", "History": "история", "Horror": "ужасы", "Music": "музыка", "Mystery": "детектив",
             "Romance": "мелодрама", "Science Fiction": "фантастика", "TV Movie": "телефильм", "Thriller": "триллер",
             "War": "военный", "Western": "вестерн"}
assert set(RU) == set(by_id), set(by_id) ^ set(RU)

def russian(f):
    """The film as amodb answers in Russian: title, tagline, overview and genre names translated."""
    title, tagline, overview = RU[f["id"]]
    return dict(f, title=title, tagline=tagline, overview=overview, original=f.get("original", f["title"]),
                genres_shown=[GENRES_RU[g] for g in f["genres"]])
for i in WEEK1 + WEEK2 + DAY1: assert i in by_id, i

def poster(f): return None if f.get("noposter") else f"/demo-{f['id']}.jpg"

GENRE_IDS = {"Action": 28, "Adventure": 12, "Animation": 16, "Comedy": 35, "Crime": 80, "Documentary": 99,
             "Drama": 18, "Family": 10751, "Fantasy": 14, "History": 36, "Horror": 27, "Music": 10402,
             "Mystery": 9648, "Romance": 10749, "Science Fiction": 878, "TV Movie": 10770, "Thriller": 53,
             "War": 10752, "Western": 37}

# People: one id per name across every film, so a person's films link up.
PEOPLE = {}
def pid(name):
    if name not in PEOPLE: PEOPLE[name] = 70001 + len(PEOPLE)
    return PEOPLE[name]
for f in FILMS:
    for d in f["directors"]: pid(d)
    for w, _ in f["writers"]: pid(w)
    for a, _ in f["cast"]: pid(a)
# The series' people come after the films', so the films' ids stay as they were; someone in
# both (Brad Pitt in Fight Club and Friends) keeps the one id.
for s in SERIES:
    for name in s["created_by"]: pid(name)
    for name, _, _ in s["cast"]: pid(name)
    for name, _, _ in s["crew"]: pid(name)
    for number in sorted(s["episodes"]):
        for e in s["episodes"][number]:
            for name in e["directors"] + e["writers"]: pid(name)
            for name, _ in e["guests"]: pid(name)

# Facts about some of the people (dates and places of birth and death); biographies in our own words.
BIOS = {
 "Christopher Nolan": ("Directing", "1970-07-30", None, "London, England, UK",
   "A British-American director known for large, intricately built films that play with time and memory, "
   "often shot on film and in IMAX.\n\nHe began with the low-budget Following, made his name with Memento, "
   "and went on to the Dark Knight trilogy, Inception, Interstellar, Dunkirk, Tenet and Oppenheimer, which "
   "won him the Academy Awards for Best Director and Best Picture.\n\nHe often writes with his brother "
   "Jonathan Nolan and produces with his wife Emma Thomas; their company is Syncopy. His films favour "
   "practical effects over computer imagery, and he is a public champion of projecting films on film.\n\n"
   "Critics note the recurring figures of his work: men haunted by loss, puzzles of structure, and a "
   "fascination with how cinema itself can bend the experience of time."),
 "Denis Villeneuve": ("Directing", "1967-10-03", None, "Bécancour, Quebec, Canada",
   "A Canadian director who moved from Quebec dramas such as Incendies to Prisoners, Arrival, Blade Runner 2049 and the two Dune films."),
 "David Fincher": ("Directing", "1962-08-28", None, "Denver, Colorado, USA",
   "An American director of exacting thrillers, from Se7en and Fight Club to Zodiac and The Social Network."),
 "Ang Lee": ("Directing", "1954-10-23", None, "Pingtung County, Taiwan",
   "A Taiwanese director who moves between languages and genres, from Sense and Sensibility to Crouching Tiger, Hidden Dragon and Brokeback Mountain."),
 "Andrei Tarkovsky": ("Directing", "1932-04-04", "1986-12-29", "Zavrazhye, Ivanovo Oblast, USSR",
   "A Soviet director of long, contemplative films, among them Andrei Rublev, Solaris, Mirror and Stalker."),
 "Stanley Kubrick": ("Directing", "1928-07-26", "1999-03-07", "New York City, New York, USA",
   "An American director who worked in England for most of his career, making Dr. Strangelove, 2001: A Space Odyssey and The Shining."),
 "Bong Joon Ho": ("Directing", "1969-09-14", None, "Daegu, South Korea",
   "A South Korean director whose genre films carry sharp social satire; Parasite won the Palme d'Or and the Academy Award for Best Picture."),
 "Hayao Miyazaki": ("Directing", "1941-01-05", None, "Tokyo, Japan",
   "A Japanese animator and co-founder of Studio Ghibli, the director of My Neighbor Totoro, Princess Mononoke and Spirited Away."),
 "Akira Kurosawa": ("Directing", "1910-03-23", "1998-09-06", "Tokyo, Japan",
   "A Japanese director whose Rashomon, Seven Samurai and Ran shaped film-making far beyond Japan."),
 "Ridley Scott": ("Directing", "1937-11-30", None, "South Shields, England, UK",
   "An English director of richly designed films, including Alien, Blade Runner, Thelma & Louise and Gladiator."),
 "Quentin Tarantino": ("Directing", "1963-03-27", None, "Knoxville, Tennessee, USA",
   "An American writer and director known for Reservoir Dogs, Pulp Fiction and Once Upon a Time in Hollywood."),
 "Fritz Lang": ("Directing", "1890-12-05", "1976-08-02", "Vienna, Austria-Hungary",
   "An Austrian-born director of German silent cinema, Metropolis and M among his films, who later worked in Hollywood."),
 "Wong Kar-wai": ("Directing", "1958-07-17", None, "Shanghai, China",
   "A Hong Kong director of moody, music-driven romances such as Chungking Express and In the Mood for Love."),
 "Zhang Yimou": ("Directing", "1950-11-14", None, "Xi'an, Shaanxi, China",
   "A Chinese director whose films run from Red Sorghum and Raise the Red Lantern to the wuxia epic Hero."),
 "Michelle Yeoh": ("Acting", "1962-08-06", None, "Ipoh, Perak, Malaysia",
   "A Malaysian actress who rose through Hong Kong action cinema and won the Academy Award for Best Actress for Everything Everywhere All at Once."),
 "Brad Pitt": ("Acting", "1963-12-18", None, "Shawnee, Oklahoma, USA",
   "An American actor and producer whose films include Se7en, Fight Club and Once Upon a Time in Hollywood."),
 "Cillian Murphy": ("Acting", "1976-05-25", None, "Douglas, Cork, Ireland",
   "An Irish actor known for 28 Days Later, Peaky Blinders and the title role in Oppenheimer."),
 "Florence Pugh": ("Acting", "1996-01-03", None, "Oxford, England, UK",
   "An English actress whose films include Lady Macbeth, Midsommar, Little Women, Oppenheimer and Dune: Part Two."),
 "Edward Norton": ("Acting", "1969-08-18", None, "Boston, Massachusetts, USA",
   "An American actor known for Primal Fear, American History X and Fight Club."),
 "Keanu Reeves": ("Acting", "1964-09-02", None, "Beirut, Lebanon",
   "A Canadian actor known for Speed, The Matrix films and the John Wick series."),
 "Tony Leung Chiu-wai": ("Acting", "1962-06-27", None, "Hong Kong",
   "A Hong Kong actor, a regular of Wong Kar-wai's films, who won the best actor prize at Cannes for In the Mood for Love."),
 "Maggie Cheung": ("Acting", "1964-09-20", None, "Hong Kong",
   "A Hong Kong actress known for In the Mood for Love, Hero and Clean."),
 "Zhang Ziyi": ("Acting", "1979-02-09", None, "Beijing, China",
   "A Chinese actress who came to wide notice in Crouching Tiger, Hidden Dragon and Hero."),
 "Sigourney Weaver": ("Acting", "1949-10-08", None, "New York City, New York, USA",
   "An American actress known as Ellen Ripley in the Alien films."),
 "Harrison Ford": ("Acting", "1942-07-13", None, "Chicago, Illinois, USA",
   "An American actor known for Han Solo, Indiana Jones and Rick Deckard."),
 "Marlon Brando": ("Acting", "1924-04-03", "2004-07-01", "Omaha, Nebraska, USA",
   "An American actor who brought method acting to film, in A Streetcar Named Desire, On the Waterfront and The Godfather."),
 "Al Pacino": ("Acting", "1940-04-25", None, "New York City, New York, USA",
   "An American actor known for The Godfather films, Dog Day Afternoon and Scarface."),
 "Francis Ford Coppola": ("Directing", "1939-04-07", None, "Detroit, Michigan, USA",
   "An American director of The Godfather films, The Conversation and Apocalypse Now."),
 "Humphrey Bogart": ("Acting", "1899-12-25", "1957-01-14", "New York City, New York, USA",
   "An American actor of The Maltese Falcon, Casablanca and The African Queen."),
 "Ingrid Bergman": ("Acting", "1915-08-29", "1982-08-29", "Stockholm, Sweden",
   "A Swedish actress of Casablanca, Notorious and Autumn Sonata."),
 "Matthew McConaughey": ("Acting", "1969-11-04", None, "Uvalde, Texas, USA",
   "An American actor whose work runs from Dazed and Confused to Dallas Buyers Club, Interstellar and the first season of True Detective."),
 "Zendaya": ("Acting", "1996-09-01", None, "Oakland, California, USA",
   "An American actress and singer who began on Disney Channel and went on to Euphoria and the Dune films."),
 "Rebecca Ferguson": ("Acting", "1983-10-19", None, "Stockholm, Sweden",
   "A Swedish actress known for the Mission: Impossible films, Dune and the series Silo."),
 "Jennifer Aniston": ("Acting", "1969-02-11", None, "Sherman Oaks, California, USA",
   "An American actress who became widely known as Rachel Green in Friends."),
 "Matthew Perry": ("Acting", "1969-08-19", "2023-10-28", "Williamstown, Massachusetts, USA",
   "An American-Canadian actor best remembered as Chandler Bing in Friends."),
 "James Gandolfini": ("Acting", "1961-09-18", "2013-06-19", "Westwood, New Jersey, USA",
   "An American actor whose Tony Soprano carried all six seasons of The Sopranos."),
 "Bryan Cranston": ("Acting", "1956-03-07", None, "Hollywood, California, USA",
   "An American actor who moved from the comedy of Malcolm in the Middle to Walter White in Breaking Bad."),
 "Vince Gilligan": ("Writing", "1967-02-10", None, "Richmond, Virginia, USA",
   "An American writer and producer who worked on The X-Files and created Breaking Bad."),
 "Benedict Cumberbatch": ("Acting", "1976-07-19", None, "London, England, UK",
   "An English actor known for Sherlock, The Imitation Game and The Power of the Dog."),
 "Lee Jung-jae": ("Acting", "1972-12-15", None, "Seoul, South Korea",
   "A South Korean actor whose role as Seong Gi-hun in Squid Game won him an Emmy."),
}

# Trailer keys on YouTube for the films whose official trailers we know; the others have none
# rather than an invented key.
TRAILERS = {550: "dfeUzm6KF4g", 693134: "Way9Dexny3w", 872585: "uYPbbksJxIg", 157336: "zSWdZVtXT7E",
            603: "vKQi3bBA1y8", 496243: "5xH0HfJHsaY", 545611: "wxN1T1uxQ2g", 129: "ByXuk9QqQkk",
            680: "s7EdQ4FqbhY"}

# The same for the series whose official trailers we know.
TV_TRAILERS = {1396: "HhesaQXLuRY", 66732: "b9EkMc79ZSU", 93405: "oqxAJKy0ii4"}

# US certifications (MPA); the unrated old films have none.
CERTS = {693134: "PG-13", 872585: "R", 550: "R", 146: "PG-13", 8885: "R", 935: "PG", 496243: "R", 545611: "R",
         238: "R", 129: "PG", 157336: "PG-13", 843: "PG", 680: "R", 603: "R", 78: "R", 194: "R", 348: "R",
         289: "PG", 79: "PG-13"}

COLLECTIONS = {693134: (726871, "Dune Collection"), 238: (230, "The Godfather Collection"),
               603: (2344, "The Matrix Collection"), 348: (8091, "Alien Collection"),
               78: (422837, "Blade Runner Collection")}

# The collections' films (TMDB's ids, titles and release dates, public facts; scores rounded public
# figures). A film the demo holds is listed as its lists list it; the others are summaries only
# (the demo has no details for them, so their screens say so). Overviews are our own words.
OTHER_FILMS = {
    438631: ("Dune", "Дюна", "2021-09-15", (7.8, 12000)),
    240: ("The Godfather Part II", "Крёстный отец 2", "1974-12-20", (8.6, 12500)),
    242: ("The Godfather Part III", "Крёстный отец 3", "1990-12-25", (7.4, 5800)),
    604: ("The Matrix Reloaded", "Матрица: Перезагрузка", "2003-05-15", (7.1, 10500)),
    605: ("The Matrix Revolutions", "Матрица: Революция", "2003-11-05", (6.7, 9300)),
    624860: ("The Matrix Resurrections", "Матрица: Воскрешение", "2021-12-16", (6.4, 5900)),
    679: ("Aliens", "Чужие", "1986-07-18", (7.9, 9800)),
    8077: ("Alien³", "Чужой 3", "1992-05-22", (6.4, 5500)),
    8078: ("Alien Resurrection", "Чужой 4: Воскрешение", "1997-11-12", (6.1, 4800)),
    945961: ("Alien: Romulus", "Чужой: Ромул", "2024-08-13", (7.1, 3500)),
    335984: ("Blade Runner 2049", "Бегущий по лезвию 2049", "2017-10-04", (7.6, 13500)),
}
COLLECTION_FILMS = {
    726871: ("Дюна (Коллекция)", [438631, 693134],
             "Denis Villeneuve's telling of Frank Herbert's novel in two films: Paul Atreides on the desert planet Arrakis, from his family's fall to the Fremen's war.",
             "Экранизация романа Фрэнка Герберта Дени Вильнёвом в двух фильмах: Пол Атрейдес на пустынной планете Арракис, от падения его дома до войны фрименов."),
    230: ("Крёстный отец (Коллекция)", [238, 240, 242],
          "Three films over four decades of the Corleone family, from Vito's rise in New York to Michael's reckoning with what he built.",
          "Три фильма о четырёх десятилетиях семьи Корлеоне, от восхождения Вито в Нью-Йорке до расплаты Майкла за то, что он построил."),
    2344: ("Матрица (Коллекция)", [603, 604, 605, 624860],
           "Neo, Trinity and Morpheus fight the machines that keep humanity asleep in a simulated world, over four films.",
           "Нео, Тринити и Морфеус в четырёх фильмах сражаются с машинами, которые держат человечество во сне внутри симуляции."),
    8091: ("Чужой (Коллекция)", [348, 679, 8077, 8078, 945961],
           "Ellen Ripley and those who come after her meet the creature that hunts humans aboard ships and colonies.",
           "Эллен Рипли и те, кто пришёл после неё, встречают существо, которое охотится на людей на кораблях и в колониях."),
    422837: ("Бегущий по лезвию (Коллекция)", [78, 335984],
             "Two films, thirty-five years apart, about the hunters of replicants in a Los Angeles of rain and neon.",
             "Два фильма с разницей в тридцать пять лет об охотниках на репликантов в Лос-Анджелесе дождя и неона."),
}
assert {c for c, _ in COLLECTIONS.values()} == set(COLLECTION_FILMS)
assert all(f in COLLECTION_FILMS[c][1] for f, (c, _) in COLLECTIONS.items())

# Subscriptions in the US, by who holds the film's rights there: plausible for the demo, not a
# live listing (TMDB's own names); 英雄 streams nowhere. Everything dated is also rented and bought everywhere.
STREAMS = {
    693134: ["Max"], 872585: ["Peacock Premium"], 550: ["Hulu"], 146: ["Netflix"],
    1398: ["The Criterion Channel"], 8885: ["MUBI"], 935: ["Netflix"], 496243: ["Max", "Hulu"],
    545611: ["Max"], 238: ["Paramount Plus"], 129: ["Max"], 157336: ["Paramount Plus"],
    346: ["The Criterion Channel", "Max"], 843: ["The Criterion Channel"], 25237: ["MUBI"],
    680: ["Paramount Plus"], 603: ["Max"], 78: ["Max"], 194: ["Hulu"], 348: ["Hulu"], 289: ["Max"],
    19: ["MUBI"], 38810: ["The Criterion Channel"],
}

assert set(STREAMS) <= {f["id"] for f in FILMS if f["date"]}, set(STREAMS) - {f["id"] for f in FILMS if f["date"]}

def providers(f):
    if not f["date"]: return {}
    offers = lambda names: [{"provider_name": n, "display_priority": p, "logo_path": None}
                            for p, n in enumerate(names)]
    shops = offers(["Apple TV", "Amazon Video", "Google Play Movies"])
    record = {"link": f"https://www.themoviedb.org/movie/{f['id']}/watch", "rent": shops, "buy": shops}
    results = {code: record for code in ["US", "GB", "DE", "FR", "PL", "CZ", "UA"]}
    if f["id"] in STREAMS:
        results["US"] = dict(record, flatrate=offers(STREAMS[f["id"]]))
    return results

def genre_ids(f): return [GENRE_IDS[g] for g in f["genres"]]

def related(f, count, skip=()):
    mine = set(f["genres"])
    others = [g for g in FILMS if g["id"] != f["id"] and g["id"] not in skip and g["date"]]
    others.sort(key=lambda g: (-len(mine & set(g["genres"])), -g["tmdb"][0], g["id"]))
    return [g for g in others[:count] if mine & set(g["genres"])]

def best_rated(f, count):
    """For a film sharing no genre with the others: the best rated of them, so every demo film
    recommends something (the For you tab reads them)."""
    others = [g for g in FILMS if g["id"] != f["id"] and g["date"]]
    others.sort(key=lambda g: (-g["tmdb"][0], g["id"]))
    return others[:count]

def summary(f, pop):
    return {"adult": False, "backdrop_path": None, "id": f["id"], "title": f["title"],
            "original_title": f.get("original", f["title"]), "original_language": "xx",
            "overview": f["overview"], "poster_path": poster(f), "media_type": "movie",
            "genre_ids": genre_ids(f), "popularity": pop, "release_date": f["date"],
            "video": False, "vote_average": f["tmdb"][0], "vote_count": f["tmdb"][1]}

def page(ids, number, total_pages, total):
    return {"page": number, "results": [summary(by_id[i], round(500 - 13.7 * n, 1)) for n, i in enumerate(ids)],
            "total_pages": total_pages, "total_results": total}

def rating(pair, scale10=True):
    if pair is None: return None
    if isinstance(pair, tuple): return {"value": pair[0], "votes": pair[1]}
    return {"value": pair, "votes": None}

# Production companies with their TMDB ids (public facts), only where we are sure of both.
COMPANIES = {
    693134: [(923, "Legendary Pictures")],
    872585: [(9996, "Syncopy"), (33, "Universal Pictures"), (507, "Atlas Entertainment")],
    550: [(711, "Fox 2000 Pictures"), (508, "Regency Enterprises"), (25, "20th Century Fox")],
    545611: [(41077, "A24")],
    238: [(4, "Paramount Pictures")],
    129: [(10342, "Studio Ghibli")],
    157336: [(923, "Legendary Pictures"), (9996, "Syncopy")],
    346: [(882, "Toho")],
    680: [(14, "Miramax"), (59, "A Band Apart"), (216, "Jersey Films")],
    603: [(174, "Warner Bros. Pictures"), (79, "Village Roadshow Pictures")],
    348: [(25, "20th Century Fox"), (401, "Brandywine Productions")],
    289: [(174, "Warner Bros. Pictures")],
}

# Original languages (ISO 639-1, as TMDB gives them; "cn" is its Cantonese).
LANGUAGES = {693134: "en", 872585: "en", 550: "en", 146: "zh", 1398: "ru", 8885: "he", 935: "en", 496243: "ko",
             545611: "en", 238: "en", 129: "ja", 157336: "en", 346: "ja", 843: "cn", 25237: "ru", 680: "en",
             603: "en", 78: "en", 194: "fr", 348: "en", 289: "en", 19: "de", 79: "zh", 38810: "ru"}

# Budget and box office in US dollars: public figures, rounded.
MONEY = {693134: (190_000_000, 714_000_000), 872585: (100_000_000, 976_000_000), 550: (63_000_000, 101_000_000),
         496243: (11_400_000, 258_000_000), 238: (6_000_000, 245_000_000), 157336: (165_000_000, 701_000_000),
         680: (8_000_000, 214_000_000), 603: (63_000_000, 463_000_000), 348: (11_000_000, 105_000_000)}

# Keywords: TMDB's own where we know the id; the rest in our own words, numbered from 9000001 (a demo range).
KEYWORD = {"based on novel or book": 818, "dystopia": 4565, "time travel": 4379, "insomnia": 4142,
           "dual identity": 851, "support group": 825, "artificial intelligence (a.i.)": 310,
           "desert planet": 9000001, "prophecy": 9000002, "atomic bomb": 9000003, "physicist": 9000004,
           "soap": 9000005, "family business": 9000006, "class divide": 9000007, "multiverse": 9000008,
           "bathing house": 9000009, "spirits": 9000010, "wormhole": 9000011, "farm": 9000012, "samurai": 9000013,
           "village": 9000014, "hitman": 9000015, "nonlinear story": 9000016, "simulated reality": 9000017,
           "spaceship": 9000018, "creature": 9000019, "wartime": 9000020, "nightclub": 9000021}
FILM_KEYWORDS = {
    693134: ["based on novel or book", "desert planet", "prophecy"],
    872585: ["based on novel or book", "atomic bomb", "physicist"],
    550: ["based on novel or book", "dual identity", "insomnia", "support group", "soap"],
    496243: ["family business", "class divide"],
    545611: ["multiverse", "family business"],
    238: ["based on novel or book", "family business"],
    129: ["bathing house", "spirits"],
    157336: ["time travel", "wormhole", "farm", "dystopia"],
    346: ["samurai", "village"],
    680: ["hitman", "nonlinear story"],
    603: ["simulated reality", "artificial intelligence (a.i.)", "dystopia"],
    348: ["spaceship", "creature"],
    289: ["wartime", "nightclub"],
}

# Reviews for the demo, written for it (not anyone's real review), one a film, Markdown as TMDB's are.
REVIEWS = {
    693134: "**Demo review.** Sand, sound and scale: the second half of the story is *bigger* and colder than the first.\n\nThe battles are huge, but the quiet scenes in the tents stay with you longer.",
    872585: "**Demo review.** Three hours of people talking in rooms, and it never sags.\n\nThe Trinity test is the loudest silence in recent cinema.",
    550: "**Demo review.** Still sharp, still *uncomfortable*, still funnier than its reputation.\n\n- the narration carries it\n- the last shot earns its song",
    157336: "**Demo review.** A film about time that takes its time, and a father and daughter who are its real subject.",
    603: "**Demo review.** The effects were copied everywhere; the idea underneath still isn't.",
}


# IMDb ids of the demo films (public facts); the made-up one has none.
IMDB = {693134: "tt15239678", 872585: "tt15398776", 550: "tt0137523", 146: "tt0190332", 1398: "tt0079944",
        8885: "tt1185616", 935: "tt0057012", 496243: "tt6751668", 545611: "tt6710474", 238: "tt0068646",
        129: "tt0245429", 157336: "tt0816692", 346: "tt0047478", 843: "tt0118694", 25237: "tt0091251",
        680: "tt0110912", 603: "tt0133093", 78: "tt0083658", 194: "tt0211915", 348: "tt0078748",
        289: "tt0034583", 19: "tt0017136", 79: "tt0299977", 38810: "tt0050634"}

def details(f):
    crew = [{"id": pid(d), "name": d, "job": "Director", "department": "Directing"} for d in f["directors"]]
    crew += [{"id": pid(w), "name": w, "job": job, "department": "Writing"} for w, job in f["writers"]]
    record = {"adult": False, "id": f["id"], "title": f["title"], "original_title": f.get("original", f["title"]),
              "tagline": f["tagline"] or "", "overview": f["overview"], "release_date": f["date"],
              "runtime": f["runtime"], "genres": [{"id": GENRE_IDS[k], "name": g} for k, g in zip(f["genres"], f.get("genres_shown", f["genres"]))],
              "status": "Released" if f["date"] else "In Production", "imdb_id": IMDB.get(f["id"]), "homepage": "",
              "poster_path": poster(f), "backdrop_path": None, "vote_average": f["tmdb"][0], "vote_count": f["tmdb"][1],
              "credits": {"cast": [{"id": pid(a), "name": a, "character": c, "order": n, "profile_path": None}
                                   for n, (a, c) in enumerate(f["cast"])], "crew": crew}}
    similar = related(f, 4)
    recommended = related(f, 5, skip={g["id"] for g in similar}) or best_rated(f, 5)
    record["similar"] = {"page": 1, "results": [summary(g, 50.0) for g in similar], "total_pages": 1,
                         "total_results": len(similar)}
    record["recommendations"] = {"page": 1, "results": [summary(g, 50.0) for g in recommended], "total_pages": 1,
                                 "total_results": len(recommended)}
    record["videos"] = {"results": [{"iso_639_1": "en", "iso_3166_1": "US", "name": "Official Trailer",
                                     "key": TRAILERS[f["id"]], "site": "YouTube", "type": "Trailer",
                                     "official": True}] if f["id"] in TRAILERS else []}
    record["release_dates"] = {"results": [{"iso_3166_1": "US", "release_dates": [
        {"certification": CERTS[f["id"]], "type": 3, "release_date": f["date"] + "T00:00:00.000Z", "note": ""}]}]
        if f["id"] in CERTS else []}
    record["watch/providers"] = {"results": providers(f)}
    record["belongs_to_collection"] = ({"id": COLLECTIONS[f["id"]][0], "name": collection_name(COLLECTIONS[f["id"]][0]),
                                        "poster_path": None} if f["id"] in COLLECTIONS else None)
    record["production_companies"] = [{"id": cid, "name": name, "logo_path": None, "origin_country": ""}
                                      for cid, name in COMPANIES.get(f["id"], [])]
    if f["id"] in MONEY:
        record["budget"], record["revenue"] = MONEY[f["id"]]
    if f["id"] in LANGUAGES:
        record["original_language"] = LANGUAGES[f["id"]]
    record["keywords"] = {"keywords": [{"id": KEYWORD[k], "name": k} for k in FILM_KEYWORDS.get(f["id"], [])]}
    reviews = [{"author": "trending demo", "author_details": {"rating": None}, "content": REVIEWS[f["id"]].replace("\\n", "\n"),
                "created_at": "2024-01-01T00:00:00.000Z", "id": f"demo-{f['id']}"}] if f["id"] in REVIEWS else []
    record["reviews"] = {"page": 1, "results": reviews, "total_pages": 1, "total_results": len(reviews)}
    if not f.get("noratings"):
        record["ratings"] = {"imdb": rating(f["imdb"]), "kinopoisk": rating(f["kp"]), "metacritic": rating(f["mc"]),
                             "rotten_tomatoes": rating(f["rt"]), "tmdb": rating(f["tmdb"])}
    return record

def collection_name(cid):
    english = next(name for c, name in COLLECTIONS.values() if c == cid)
    return COLLECTION_FILMS[cid][0] if russian_mode() else english

def collection(cid):
    """`/collection/{id}`: the name, our overview, the first demo film's poster (the demo has no collection
    art), and the films out of date order, as TMDB lists them."""
    _, ids, overview, overview_ru = COLLECTION_FILMS[cid]
    parts = []
    for i in ids:
        if i in by_id:
            parts.append(summary(by_id[i], 50.0))
            continue
        title, title_ru, date, (score, votes) = OTHER_FILMS[i]
        parts.append({"adult": False, "backdrop_path": None, "id": i, "title": title_ru if russian_mode() else title,
                      "original_title": title, "original_language": "en", "overview": "", "poster_path": None,
                      "media_type": "movie", "genre_ids": [], "popularity": 40.0, "release_date": date,
                      "video": False, "vote_average": score, "vote_count": votes})
    # TMDB lists a collection's films in no particular order: the newest first here, so the client sorts.
    parts.reverse()
    first = next((by_id[i] for i in ids if i in by_id), None)
    return {"id": cid, "name": collection_name(cid), "overview": overview_ru if russian_mode() else overview,
            "poster_path": poster(first) if first else None, "backdrop_path": None, "parts": parts}

def person(name):
    known, born, died, place, bio = BIOS.get(name, (None, None, None, None, ""))
    cast, crew = [], []
    for f in FILMS:
        for a, c in f["cast"]:
            if a == name: cast.append(dict(summary(f, 50.0), character=c))
        for d in f["directors"]:
            if d == name: crew.append(dict(summary(f, 50.0), job="Director", department="Directing"))
        for w, job in f["writers"]:
            if w == name: crew.append(dict(summary(f, 50.0), job=job, department="Writing"))
    for s in SERIES:
        credits = aggregate_credits(s)
        for c in credits["cast"]:
            if c["name"] == name:
                cast.append(dict(tv_summary(s, 50.0), character=" / ".join(r["character"] for r in c["roles"]),
                                 episode_count=c["total_episode_count"]))
        for c in credits["crew"]:
            if c["name"] == name:
                for j in c["jobs"]:
                    crew.append(dict(tv_summary(s, 50.0), job=j["job"], department=c["department"],
                                     episode_count=j["episode_count"]))
    if known is None:
        known = "Acting" if cast else ("Directing" if any(c["job"] == "Director" for c in crew) else
                                       "Production" if all(c["department"] == "Production" for c in crew) else "Writing")
    return {"id": pid(name), "name": name, "known_for_department": known, "birthday": born, "deathday": died,
            "place_of_birth": place, "biography": bio, "profile_path": None, "adult": False,
            "combined_credits": {"cast": cast, "crew": crew}}

# Series: TMDB's /tv answers from Scripts/demo_series.py, in whichever language `LANGUAGE` says.
LANGUAGE = ["en"]
def russian_mode(): return LANGUAGE[0] == "ru"

TV_GENRES = {10759: ("Action & Adventure", "Боевик и Приключения"), 16: ("Animation", "мультфильм"),
             35: ("Comedy", "комедия"), 80: ("Crime", "криминал"), 99: ("Documentary", "документальный"),
             18: ("Drama", "драма"), 10751: ("Family", "семейный"), 9648: ("Mystery", "детектив"),
             10765: ("Sci-Fi & Fantasy", "НФ и Фэнтези"), 10768: ("War & Politics", "Война и Политика"),
             37: ("Western", "вестерн")}
DEPARTMENTS = {"Director": "Directing", "Executive Producer": "Production", "Producer": "Production"}
# Keyword ids TMDB uses that we know; the others get ids of their own from 960001 on.
KEYWORDS = {"based on novel or book": 818, "kingdom": 4152, "time travel": 4379}
for s in SERIES:
    for k in s["keywords"]:
        if k not in KEYWORDS: KEYWORDS[k] = 960001 + sum(1 for v in KEYWORDS.values() if v > 960000)
# The last episode's name where the demo does not hold that season's list.
FINALES = {1668: "The Last One (2)", 1398: "Made in America", 1396: "Felina", 19885: "The Final Problem",
           60574: "Lock and Key", 46648: "Part 6", 70523: "The Paradise", 67744: "Episode 9", 110316: "Episode 6"}
FINALES_RU = {1668: "Последний эпизод (2)", 1398: "Сделано в Америке", 1396: "Фелина", 19885: "Последнее дело",
              60574: "Замок и ключ", 46648: "Часть 6", 70523: "Рай", 67744: "Серия 9", 110316: "Серия 6"}
series_by_id = {s["id"]: s for s in SERIES}
assert len(series_by_id) == len(SERIES)

def tv_poster(s): return f"/demo-tv-{s['id']}.jpg"

def tv_name(s): return s["ru"][0] if russian_mode() else s["name"]

def tv_overview(s): return s["ru"][2] if russian_mode() else s["overview"]

def tv_summary(s, pop, media_type=True):
    record = {"adult": False, "backdrop_path": None, "genre_ids": s["genres"], "id": s["id"],
              "origin_country": [s["country"]], "original_language": s["lang"], "original_name": s["original"],
              "overview": tv_overview(s), "popularity": pop, "poster_path": tv_poster(s),
              "first_air_date": s["first"], "name": tv_name(s), "vote_average": s["tmdb"][0], "vote_count": s["tmdb"][1]}
    if media_type: record["media_type"] = "tv"
    return record

def tv_page(ids, media_type):
    results = [tv_summary(series_by_id[i], round(400 - 11.3 * n, 1), media_type) for n, i in enumerate(ids)]
    return {"page": 1, "results": results, "total_pages": 1, "total_results": len(results)}

def episode_id(s, season, number): return s["id"] * 10000 + season * 100 + number

def episode(s, season, number, e):
    """One episode as a season's answer lists it (and as last_episode_to_air gives it)."""
    rng = random.Random(episode_id(s, season, number))
    aired = e["date"] is not None or season < max(n for n, _, _ in s["seasons"])
    overview = e["ru_overview"] if russian_mode() else e["overview"]
    if not overview and aired: overview = s["filler"][1 if russian_mode() else 0]
    votes = max(3, int(s["tmdb"][1] / 200 * rng.uniform(0.6, 1.4))) if aired else 0
    crew = [{"job": "Director", "department": "Directing", "name": n, "id": pid(n), "profile_path": None}
            for n in e["directors"]]
    crew += [{"job": "Writer", "department": "Writing", "name": n, "id": pid(n), "profile_path": None}
             for n in e["writers"]]
    return {"air_date": e["date"], "episode_number": number, "episode_type": "standard",
            "id": episode_id(s, season, number), "name": e["ru"] if russian_mode() else e["name"],
            "overview": overview, "production_code": "", "runtime": e["runtime"], "season_number": season,
            "show_id": s["id"], "still_path": None,
            "vote_average": round(min(9.6, s["tmdb"][0] + rng.uniform(-0.9, 0.6)), 1) if aired else 0,
            "vote_count": votes, "crew": crew,
            "guest_stars": [{"character": c, "name": n, "id": pid(n), "order": 500 + k, "profile_path": None}
                            for k, (n, c) in enumerate(e["guests"])]}

def season_name(number):
    if number == 0: return "Спецматериалы" if russian_mode() else "Specials"
    return f"Сезон {number}" if russian_mode() else f"Season {number}"

def season_answer(s, number):
    air = dict((n, d) for n, d, _ in s["seasons"])[number]
    episodes = [episode(s, number, k, e) for k, e in enumerate(s["episodes"][number], 1)]
    return {"_id": f"demo-{s['id']}-{number}", "air_date": air, "episodes": episodes, "name": season_name(number),
            "overview": "", "id": s["id"] * 100 + number, "poster_path": None, "season_number": number,
            "vote_average": round(sum(e["vote_average"] for e in episodes) / len(episodes), 1) if episodes else 0}

def season_score(s, number):
    """A season's score as its answer gives it (made or kept as written); 0, unrated as TMDB says, without one."""
    if number == 0: return 0
    if number in s["episodes"]: return season_answer(s, number)["vote_average"]
    # A kept season in the interface's language, else in English, as the demo serves it.
    seasons = pathlib.Path(__file__).resolve().parent / "demo_seasons"
    for language in (["ru", "en"] if russian_mode() else ["en"]):
        written = seasons / language / "tv" / str(s["id"]) / "season" / f"{number}.json"
        if written.exists(): return json.loads(written.read_text(encoding="utf-8")).get("vote_average", 0)
    return 0

def last_episode(s):
    number, _, count = max(s["seasons"])
    if s["last"] is None: return None
    if number in s["episodes"]:
        return dict(episode(s, number, count, s["episodes"][number][-1]), episode_type="finale")
    names = FINALES_RU if russian_mode() else FINALES
    return {"air_date": s["last"], "episode_number": count, "episode_type": "finale",
            "id": episode_id(s, number, count), "name": names.get(s["id"], ""), "overview": "",
            "production_code": "", "runtime": s["run"][0] if s["run"] else None, "season_number": number,
            "show_id": s["id"], "still_path": None, "vote_average": 0, "vote_count": 0}

def aggregate_credits(s):
    """The series' cast and crew, with the guests and the episodes' directors and writers added."""
    cast = {}
    for order, (name, character, count) in enumerate(s["cast"]):
        cast[name] = {"roles": [{"character": character, "episode_count": count}], "order": order}
    crew = {}
    def job(name, title, count):
        jobs = crew.setdefault(name, {})
        jobs[title] = max(jobs.get(title, 0), count)
    for name in s["created_by"]: job(name, "Executive Producer", 0)
    for name, title, count in s["crew"]: job(name, title, count)
    counted = {}
    for number in sorted(s["episodes"]):
        for e in s["episodes"][number]:
            for n, c in e["guests"]:
                if n not in cast: cast[n] = {"roles": [{"character": c, "episode_count": 0}], "order": len(cast)}
                if not any(n == a for a, _, _ in s["cast"]): cast[n]["roles"][0]["episode_count"] += 1
            for title, names in (("Director", e["directors"]), ("Writer", e["writers"])):
                for n in names: counted[(n, title)] = counted.get((n, title), 0) + 1
    for (name, title), count in counted.items(): job(name, title, count)
    total = sum(c for n, _, c in s["seasons"] if n != 0)
    def department(jobs):
        first = next(iter(jobs))
        return DEPARTMENTS.get(first, "Writing")
    return {
        "cast": [{"adult": False, "id": pid(n), "name": n, "original_name": n, "known_for_department": "Acting",
                  "profile_path": None, "roles": v["roles"],
                  "total_episode_count": sum(r["episode_count"] for r in v["roles"]), "order": v["order"]}
                 for n, v in cast.items()],
        "crew": [{"adult": False, "id": pid(n), "name": n, "original_name": n, "department": department(jobs),
                  "known_for_department": department(jobs), "profile_path": None,
                  "jobs": [{"job": j, "episode_count": c or total}
                           for j, c in jobs.items()],
                  "total_episode_count": max(c or total for c in jobs.values())}
                 for n, jobs in crew.items()]}

def related_series(s, count, skip=()):
    mine = set(s["genres"])
    others = [o for o in SERIES if o["id"] != s["id"] and o["id"] not in skip and mine & set(o["genres"])]
    others.sort(key=lambda o: (-len(mine & set(o["genres"])), -o["tmdb"][0], o["id"]))
    return others[:count]

def tv_details(s):
    ru = russian_mode()
    seasons = [{"air_date": d, "episode_count": c, "id": s["id"] * 100 + n, "name": season_name(n), "overview": "",
                "poster_path": None, "season_number": n, "vote_average": season_score(s, n)}
               for n, d, c in s["seasons"]]
    record = {
        "adult": False, "backdrop_path": None,
        "created_by": [{"id": pid(n), "name": n, "original_name": n, "profile_path": None} for n in s["created_by"]],
        "episode_run_time": s["run"], "first_air_date": s["first"],
        "genres": [{"id": g, "name": TV_GENRES[g][1 if ru else 0]} for g in s["genres"]],
        "homepage": "", "id": s["id"], "in_production": s.get("in_production", False),
        "languages": [s["lang"]], "last_air_date": s["last"], "last_episode_to_air": last_episode(s),
        "name": tv_name(s), "next_episode_to_air": None,
        "networks": [{"id": i, "name": n, "logo_path": None, "origin_country": c} for i, n, c in s["networks"]],
        "number_of_episodes": sum(c for n, _, c in s["seasons"] if n != 0),
        "number_of_seasons": sum(1 for n, _, _ in s["seasons"] if n != 0),
        "origin_country": [s["country"]], "original_language": s["lang"], "original_name": s["original"],
        "overview": tv_overview(s), "popularity": 100.0, "poster_path": tv_poster(s), "seasons": seasons,
        "status": s["status"], "tagline": s["ru"][1] if ru else s["tagline"], "type": "Scripted",
        "vote_average": s["tmdb"][0], "vote_count": s["tmdb"][1],
        "aggregate_credits": aggregate_credits(s),
        "content_ratings": {"results": [{"descriptors": [], "iso_3166_1": "US", "rating": s["cert"]}]},
        "videos": {"results": [{"iso_639_1": "en", "iso_3166_1": "US", "name": "Official Trailer",
                                "key": TV_TRAILERS[s["id"]], "site": "YouTube", "type": "Trailer",
                                "official": True}] if s["id"] in TV_TRAILERS else []},
        "watch/providers": {"results": {"US": {
            "link": f"https://www.themoviedb.org/tv/{s['id']}/watch?locale=US",
            "flatrate": [{"provider_id": i, "provider_name": n, "display_priority": k, "logo_path": None}
                         for k, (i, n) in enumerate(s["providers"])]}} if s["providers"] else {}},
        "external_ids": {"id": s["id"], "imdb_id": s["imdb_id"]},
        "keywords": {"results": [{"id": KEYWORDS[k], "name": k} for k in s["keywords"]]},
    }
    similar = related_series(s, 4)
    recommended = related_series(s, 5, skip={o["id"] for o in similar})
    for key, found in (("similar", similar), ("recommendations", recommended)):
        record[key] = {"page": 1, "results": [tv_summary(o, 50.0, media_type=False) for o in found],
                       "total_pages": 1, "total_results": len(found)}
    if s.get("ratings"):
        record["ratings"] = {k: rating(v) for k, v in s["ratings"].items()}
    return record

def ranked_series(key): return [s["id"] for s in sorted(SERIES, key=key)]

TV_WEEK = [93405, 1668, 66732, 125988, 85552, 1396, 1399, 60574, 70523, 46648, 19885, 1398, 67744, 110316, 66119, 94305]
TV_DAY = [125988, 1668, 85552, 93405, 94305, 66119, 110316, 46648, 66732, 70523]
TV_POPULAR = ranked_series(lambda s: (-s["tmdb"][1], s["id"]))  # every demo series: /search/tv searches it
TV_TOP_RATED = ranked_series(lambda s: (-s["tmdb"][0], -s["tmdb"][1], s["id"]))
TV_ON_THE_AIR = [s["id"] for s in SERIES if s["status"] == "Returning Series"]
TV_AIRING_TODAY = [125988, 85552, 94305]
assert sorted(TV_WEEK) == sorted(series_by_id) and set(TV_DAY) <= set(series_by_id)

def series_answers():
    found = {
        "/trending/tv/week?page=1": tv_page(TV_WEEK, True),
        "/trending/tv/day?page=1": tv_page(TV_DAY, True),
        "/tv/popular?page=1": tv_page(TV_POPULAR, False),
        "/tv/top_rated?page=1": tv_page(TV_TOP_RATED, False),
        "/tv/on_the_air?page=1": tv_page(TV_ON_THE_AIR, False),
        "/tv/airing_today?page=1": tv_page(TV_AIRING_TODAY, False),
    }
    for s in SERIES:
        found[f"/tv/{s['id']}"] = tv_details(s)
        for number in sorted(s["episodes"]):
            found[f"/tv/{s['id']}/season/{number}"] = season_answer(s, number)
    return found
def ranked(key, ids=None):
    films = [f for f in FILMS if f["date"] and (ids is None or f["id"] in ids)]
    return [f["id"] for f in sorted(films, key=key)]

POPULAR = ranked(lambda f: -f["tmdb"][1])[:20]
# By the score the list shows (TMDB's), as TMDB ranks its top rated; then by votes.
TOP_RATED = ranked(lambda f: (-f["tmdb"][0], -f["tmdb"][1], f["id"]))[:20]
NOW_PLAYING = ranked(lambda f: f["date"], {693134, 872585, 545611, 496243, 157336})[::-1]
UPCOMING = [1236474, 693134]

def answers():
    """Every list page, film and person, in the films' current language."""
    found = {
        "/movie/popular?page=1": page(POPULAR, 1, 1, len(POPULAR)),
        "/movie/top_rated?page=1": page(TOP_RATED, 1, 1, len(TOP_RATED)),
        "/movie/now_playing?page=1": page(NOW_PLAYING, 1, 1, len(NOW_PLAYING)),
        "/movie/upcoming?page=1": page(UPCOMING, 1, 1, len(UPCOMING)),
        "/trending/movie/week?page=1": page(WEEK1, 1, 2, len(WEEK1) + len(WEEK2)),
        "/trending/movie/week?page=2": page(WEEK2, 2, 2, len(WEEK1) + len(WEEK2)),
        "/trending/movie/day?page=1": page(DAY1, 1, 1, len(DAY1)),
    }
    for f in FILMS:
        found[f"/movie/{f['id']}"] = details(f)
    for name in PEOPLE:
        found[f"/person/{pid(name)}"] = person(name)
    for cid in COLLECTION_FILMS:
        found[f"/collection/{cid}"] = collection(cid)
    found.update(series_answers())
    return found

files = answers()
# Russian: every list and film, and each person's films, through the same functions.
by_id.update({f["id"]: russian(f) for f in FILMS})
FILMS[:] = [by_id[f["id"]] for f in FILMS]
LANGUAGE[0] = "ru"
russian_files = answers()
for key, value in russian_files.items():
    files["ru:" + key] = value

root = pathlib.Path(__file__).resolve().parent.parent / "Demo" / "answers"
if root.exists(): shutil.rmtree(root)
for key, value in files.items():
    language, _, request = key.rpartition(":")
    path = root / (language or "en") / (request.lstrip("/").replace("?", "@") + ".json")
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    # One line and a final newline; the embedded answer is the line.
    path.write_text(text + "\n", encoding="utf-8")
# Seasons kept as written (real titles and air dates of seasons the series list but the facts
# above do not hold): copied in as they are, never over an answer made above.
kept = pathlib.Path(__file__).resolve().parent / "demo_seasons"
for source in sorted(kept.rglob("*.json")):
    target = root / source.relative_to(kept)
    assert not target.exists(), f"{target} is made above and kept as written"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    files[str(source.relative_to(kept))] = None
print(f"wrote {root} ({len(files)} answers)")
