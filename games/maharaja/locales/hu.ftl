### Maharaja messages: key (without the "maharaja." prefix) -> (English, Hungarian).
### Hungarian names follow the Hungarian rulebook (Thaur's translation).

name = Maharadzsa
rules = Paloták építésével kell a maharadzsa kedvében járni. Minden fordulóban a maharadzsa abba a városba megy, amelynek kormányzójelzője a sáv legalján van; a jelző a legfelső fölé kerül. Mindenki titokban kijelöl két cselekedetet (akár kétszer ugyanazt), majd karaktersorrendben felfedi és végrehajtja: Arany (+2), Ház (1 arany; városban csak ahol az építész van), 2 ház (az egyik városban), Ház áthelyezése, Kőbánya (2 ház a bankból a tartalékba), Palota (12 arany, ahol az építész van), Palota/ház, Kormányzósáv sorrendje (egy jelző két hellyel lejjebb), Karaktercsere. Az utazás szabad: az építész városban áll meg, csak házas falun halad át, és ahol nincs saját háza, házanként 1 aranyat fizet a tulajdonosnak (azonos költségű utak közül te választod, kinek fizetsz). Ha valamit nem hajtasz végre, mindenki más kap 2 aranyat. Ezután a maharadzsa városa fizet a pontok szerint (építész 1, ház 1, külső palota 1, belső palota 3): 3 × (játékosok + 1 − helyezés) arany, egyenlőségnél a kisebb karakter nyer, monopóliumért +5. 5-nél kevesebb játékosnál a nem használt színek külső palotái minden városban állnak (senkinek sem érnek pontot). Karakterek: 1 mogul kezd, 2 kereskedő +1 arany, 3 szádhu külső palota 2, 4 vándorszerzetes ingyen utazik, 5 kőműves egy ingyen ház, 6 művész palota 9-ért, 7 jógi (haladó) cselekedetérme. A játék annak a fordulónak a végén ér véget, amelyben valaki megépíti utolsó palotáját, vagy egy jelző a 10-es mezőre ér: a legtöbb palota, majd a több arany nyer.
option-short = Rövidebb játék
option-short-desc = 6 palota fejenként; a játék legkésőbb a 8. forduló végén véget ér.
option-advanced = Haladó játék
option-advanced-desc = 0: alapjáték. 1: jógi és cselekedetérmék, licit a karakterekre, otthonok. 2: mint az 1, és egy játékosnál több karakter is lehet (csere és csábítás).

## places

start = Indulási hely
city-jodhpur = Dzsódhpur
city-delhi = Delhi
city-varanasi = Váránaszi
city-udaipur = Udaipur
city-agra = Ágra
city-lucknow = Lakhnau
city-jaipur = Dzsaipur
loc-road = { $a }–{ $b }
loc-village = { $n }. falu ({ $road })
loc-village_short = { $n }. falu

## characters

char-mogul = 1 Mogul
char-merchant = 2 Kereskedő
char-sadhu = 3 Szádhu
char-monk = 4 Vándorszerzetes
char-mason = 5 Kőműves
char-artist = 6 Művész
char-yogi = 7 Jógi
charinfo-mogul = kezd, egyenlőségnél nyer
charinfo-merchant = köre elején +1 arany
charinfo-sadhu = külső palota 2 pont
charinfo-monk = a bank fizeti az utat
charinfo-mason = körönként 1 ingyen ház
charinfo-artist = palota 9 aranyért
charinfo-yogi = körönként cselekedetérme

## actions on the disc

action-gold = Arany (+2)
action-house = Ház
action-houses2 = 2 ház
action-move = Ház áthelyezése
action-quarry = Kőbánya
action-palace = Palota
action-palace_house = Palota/ház
action-governor = Kormányzósáv sorrendje
action-swap = Karakterkártya cseréje

## parts still owed in a turn

part-gold = arany
part-quarry = kőbánya
part-hcity = egy ház városban
part-hany = egy ház
part-house = egy ház
part-move = ház áthelyezése
part-palace = egy palota
part-gov = kormányzósáv
part-swap = karaktercsere

## labels of choices

label-back = Vissza
label-road_group = { $road } út ({ $n } falu)
label-bid = Licit: { $gold } arany
label-pass = Passz
label-confirm = Terv megerősítése
label-replan = Terv újrakezdése
label-build = Házépítés (1 arany)
label-palace_inner = Belső palota itt ({ $gold } arany)
label-palace_outer = Külső palota itt ({ $gold } arany)
label-mason_build = Kőműves: ingyen ház a tartalékból
label-mason_move = Kőműves: ház ingyen áthelyezése
label-coin = Cselekedetérme felhasználása
label-travel = Utazás…
label-end = Kör befejezése
label-end_skip = Befejezés { $n } kihagyott résszel: a többiek { $gold } aranyat kapnak
label-gov = { $city } ({ $space }. mező) két hellyel lejjebb
label-give = { $char } átadása
label-swap_bank = { $char } a bankból
label-swap_from = { $char } tőle: { $seat }
label-lure = Karakter elcsábítása tőle: { $seat }
label-yield = { $char } átadása
label-pay_to = { $seat } { $gold }
label-pay_colour = { $colour } { $gold }

## the players' colours on the board (render.common.SEAT_COLOURS, by seat)

colour-0 = piros
colour-1 = kék
colour-2 = zöld
colour-3 = sárga
colour-4 = lila
label-go_free = { $city } (ingyen)
label-go = { $city }: { $gold } arany ({ $pay })
label-go_choose = { $city }: { $gold } arany, több út: válaszd ki, kinek fizetsz…
label-via = Fizetés: { $pay }
label-go_monk = { $city }: a bank fizet { $gold } aranyat ({ $pay })

## prompts

prompt-wait = Várakozás a többiekre.
prompt-over = A játék véget ért.
prompt-choose = Válassz karakterkártyát.
prompt-bid_open = Nyisd meg a licitet az első karakterválasztásért (0 vagy több arany).
prompt-bid = Licitálj { $gold } aranynál többet, vagy passzolj.
prompt-place = Rakd le { ARTICLE($n) } { $n }. kezdőházadat (összesen { $total }) egy faluba.
prompt-plan = Válaszd ki titokban { ARTICLE($n) } { $n }. cselekedetet (2-ből).
prompt-confirm = Terved: { $a } és { $b }. Erősítsd meg, vagy kezdd újra.
prompt-turn = Te következel. Hátravan: { $parts }. Bármikor utazhatsz.
prompt-turn_done = Minden cselekedet kész. Utazhatsz, élhetsz a képességekkel, vagy befejezheted.
prompt-pick = Elvették a karakteredet: válassz egyet a bankból.
prompt-yield = { $seat } elcsábítja egy karakteredet: válaszd ki, melyiket adod át.
prompt-step-build = Hová építed a házat?
prompt-step-mbuild = Hová építi a kőműves az ingyen házat?
prompt-step-move = Melyik házat helyezed át?
prompt-step-mmove = Melyik házat helyezi át a kőműves?
prompt-step-move_to = Hová?
prompt-step-gov = Melyik kormányzójelző kerüljön két hellyel lejjebb?
prompt-step-swap = Melyik karaktert veszed el?
prompt-step-give = Melyik karakteredet adod cserébe?
prompt-step-coin = Melyik plusz cselekedetet választod az éremmel?
prompt-step-travel = Melyik városba utazol? (a legolcsóbb út; kinek fizetsz, színenként)
prompt-step-route = Azonos költségű utak: kinek fizetsz (színenként)?

## events

event-youngest = A sorsolás szerint { $seat } a „legfiatalabb játékos”, ő kezd.
event-char_chosen = { $seat } elveszi: { $char }.
event-auction = Licit az első karakterválasztásért; { $seat } kezd.
event-bid = { $seat } licitje: { $gold }.
event-bid_pass = { $seat } passzol.
event-bid_won = { $seat } nyeri a licitet { $gold } aranyért.
event-bid_last = { $seat } ingyen választ a maradékból.
event-placing = Kezdőházak lerakása karaktersorrendben.
event-placed = { $seat } házat rak ide: { $village }.
event-reserve = Mindenki { $n } házat vesz a tartalékába.
event-round = { $n }. forduló: a maharadzsa { $city } városba utazik; a kormányzója { ARTICLE($space) } { $space }. mezőre kerül.
event-last_round_track = Egy kormányzójelző a 10-es mezőre ért: ez az utolsó forduló.
event-last_round_short = Rövidebb játék: ez az utolsó forduló.
event-planned = { $seat } megtervezte a cselekedeteit.
event-my_plan = Terved: { $a } és { $b }.
event-turn = { $seat } felfedi: { $a } és { $b }.
event-merchant = { $seat } (kereskedő) kap 1 aranyat.
event-yogi = { $seat } (jógi) kap egy cselekedetérmét.
event-gold = { $seat } elvesz { $gold } aranyat.
event-quarry = { $seat } kőbányája: { $n } ház a tartalékba.
event-build = { $seat } házat épít: { $loc }.
event-mason_build = { $seat } (kőműves) ingyen házat épít: { $loc }.
event-move = { $seat } áthelyez egy házat: { $src } → { $loc }.
event-palace_inner = { $seat } felépíti { $city } belső palotáját { $gold } aranyért.
event-palace_outer = { $seat } külső palotát épít itt: { $city }, { $gold } aranyért.
event-gov = { $seat } lejjebb teszi { $city } kormányzóját { ARTICLE($space) } { $space }. mezőre.
event-coin = { $seat } cselekedetérmét használ: { $action }.
event-travel_free = { $seat } építésze { $city } városba utazik.
event-travel = { $seat } építésze { $city } városba utazik, fizet { $gold } aranyat ({ $pay }).
event-travel_monk = { $seat } építésze (vándorszerzetes) { $city } városba utazik; a bank fizet { $gold } aranyat ({ $pay }).
event-swap_bank = { $seat } { $old } helyett a bankból veszi: { $char }.
event-swap_player = { $seat } { $old } helyett elveszi { $victim } kártyáját: { $char }.
event-swap_bank_keep = { $seat } elveszi a bankból: { $char }.
event-swap_take = { $seat } elveszi tőle: { $victim } – { $char }.
event-give = { $seat } cserébe odaadja neki: { $victim } – { $char }.
event-pick = { $seat } a bankból választ: { $char }.
event-lure = { $seat } elcsábít egy karaktert tőle: { $victim }.
event-yield = { $seat } átadja neki: { $to } – { $char }.
event-skipped = { $seat } { $n } részt nem hajtott végre: a többiek { $gold }-{ $gold } aranyat kapnak.
event-turn_end = { $seat } befejezte a körét.
event-evaluation = A maharadzsa kiértékeli: { $city }.
event-eval_pay = { $seat }: { $points } pont, { $rank }. hely: { $gold } arany.
event-monopoly = { $seat } egyedül van jelen (monopólium): { $gold } arany jutalom, összesen { $total } arany.
event-end_palaces = Egy játékos felépítette összes palotáját: a játék véget ért.
event-end_track = Egy kormányzójelző a 10-es mezőre ért: a játék véget ért.
event-end_rounds = A rövidebb játék a 8. forduló után véget ért.
event-winner = { $seat } nyert!

## score sheet

detail-palaces = Felépített paloták: { $n }
detail-gold = Arany: { $gold }
detail-character = Karakter: { $char }

## renderer

render-round = { $n }. forduló
render-setup = Előkészületek
render-over = Vége
render-track = Kormányzók
render-next = következő: { $city }
render-houses = Ház a táblán { $n }
render-reserve = Tartalék { $n } · bank { $b }
render-palaces = Paloták { $built }/{ $total }
render-coins = Cselekedetérme { $n }
render-planned = tervezett ✓
render-planning = tervez…
render-acting = cselekszik
render-done = kész
render-plan = Terv: { $a } + { $b }
render-gold = Arany: { $gold }
render-your_plan = Terved
render-no_plan = Még nincs terv
render-todo = Hátravan: { $parts }
render-bank = Bank: { $chars }
render-last_eval = Utolsó kiértékelés ({ $city })
render-eval_line = { $seat }: { $points } pont → { $gold }
render-eval_mono = { $seat }: { $points } pont → { $gold } + { $bonus } monopólium
render-maharaja = Maharadzsa
render-private_title = { $seat } — saját
render-homes = Otthonok
render-winner = { $seat } nyert
render-result = Eredmény (legtöbb palota, majd több arany, majd kisebb karakter)
render-rank_line = { $rank }. { $seat }: { $palaces } palota, { $gold } arany
render-tie_gold = { $a } megelőzi: { $b } – több arany (egyenlő palota)
render-tie_char = { $a } megelőzi: { $b } – kisebb karakter (egyenlő palota és arany)

## private summary (offline console)

summary-gold = Arany: { $gold }
summary-plan = Terved: { $a } + { $b }
summary-plan_half = Terved: { $a } + …
summary-no_plan = Még nincs terv
summary-char = { $char } ({ $info })
summary-chars = Karakterek: { $chars }
summary-chars_one = Karakter: { $chars }
summary-coins = Cselekedetérme: { $n }
summary-todo = Hátravan: { $parts }
