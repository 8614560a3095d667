// Written by `python3 Scripts/tutorials/sync-course.py` from the lessons' exercise folders;
// CI checks that it is current. Do not edit: add a lesson's folder, then run the script.

extension WorkshopCatalog {
    /// Each lesson folder's exercise, as its checker declares it (``all`` puts them in course order).
    static let exercisesInFolders: [Exercise] = [
        ScoreKeeperChecker.exercise,
        ItemsStorageChecker.exercise,
        MainContextMergingChecker.exercise,
        NewestItemReportChecker.exercise,
        TripDetailChecker.exercise,
        ItemEditSheetChecker.exercise,
        ItemHandoffChecker.exercise,
        ItemListQueryChecker.exercise,
        ItemListUpdatesChecker.exercise,
        ProfileMergePolicyChecker.exercise,
        ItemContextExecutorChecker.exercise,
        ChildRefresherChecker.exercise,
        ItemImportServiceChecker.exercise,
        AppStackChecker.exercise,
        ItemListStoreChecker.exercise,
        TripListLoaderChecker.exercise,
        BatchImporterChecker.exercise,
        ImportContextMakerChecker.exercise,
        RemoteChangeMergerChecker.exercise,
        MainContextResetterChecker.exercise,
        CountUpdaterChecker.exercise,
    ]

    /// Each exercise file's FNV-1a fingerprint as shipped, by lesson id: an untouched file has it.
    static let shippedFingerprints: [String: UInt64] = [
        "actor-reentrancy": 0xcd335459b425a20d,
        "background-storage": 0x66da4a0c89bb99f4,
        "change-merging": 0xd233cf6e855eabc9,
        "compiler-lessons": 0xa2416ab5d17b1358,
        "deleted-model": 0xf47b870630534c0c,
        "edit-scratchpad": 0xb8052f63177129cf,
        "id-passing": 0x037dcd353c8884dc,
        "list-of-everything": 0x168f9785dd6c3ebe,
        "list-that-does-not-update": 0xd4d0c6d29fd07f5a,
        "merge-conflicts": 0xf4fc40bb01f6bdbb,
        "model-actor-executor": 0x688d447c0cee4d0e,
        "nested-deadlock": 0x7b8b71ce237b0dd3,
        "nonisolated-async": 0x4ba86c61f2535abf,
        "private-parent-stack": 0xc0f3d55970992abd,
        "reads-during-import": 0xd0d768c789f01656,
        "relationship-faults": 0x802bc97f7b9b739d,
        "starved-pool": 0xfcc2c309ccb9347a,
        "task-vs-detached": 0xeb92331647bf0dcf,
        "widget-change": 0x5914e85182e51e7e,
        "wrong-context-queue": 0xf2cdffd113e00257,
        "wrong-queue-mutation": 0xebebae037128e295,
    ]
}
